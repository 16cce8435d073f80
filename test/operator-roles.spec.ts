import { readFileSync } from 'node:fs';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import { ApiKeyRole } from '#contracts';
import { IS_PUBLIC, OPERATOR_ROLE } from '#platform';
import { OPERATOR_ONLY } from '../apps/coverage-claims/src/auth/auth.decorators.js';
import { ROLES } from '../apps/lead-distribution/src/auth/auth.decorators.js';
import { startCoverageClaims } from '../apps/coverage-claims/test/support/coverage-claims.js';
import { startLeadDistribution } from '../apps/lead-distribution/test/support/lead-distribution.js';
import type { TestApp } from './support/test-app.js';

interface Operation {
  route: string;
  /** Operators may call it: @OperatorOnly, @Roles(…Operator…), @OperatorRole or a path under /api/v1/admin/. */
  operators: boolean;
  role: string | undefined;
}

/** Every route of the real AppModule, walked through Nest's DiscoveryService, with what it says of operators. */
function operationsOf(testApp: TestApp<never>): Operation[] {
  const discovery = new DiscoveryService(testApp.app.get(ModulesContainer));
  const scanner = new MetadataScanner();
  const reflector = testApp.app.get(Reflector);
  const operations: Operation[] = [];
  for (const wrapper of discovery.getControllers()) {
    const controller = wrapper.metatype as (new () => object) | null;
    if (!controller || !wrapper.instance) continue;
    const prefix = String(Reflect.getMetadata(PATH_METADATA, controller) ?? '');
    for (const name of scanner.getAllMethodNames(Object.getPrototypeOf(wrapper.instance) as object)) {
      const handler = (wrapper.instance as Record<string, unknown>)[name] as () => unknown;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (method === undefined) continue;
      const targets = [handler, controller];
      if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) continue;
      const path = `/${[prefix, String(Reflect.getMetadata(PATH_METADATA, handler) ?? '')].filter((part) => part !== '' && part !== '/').join('/')}`;
      const role = reflector.getAllAndOverride<string | undefined>(OPERATOR_ROLE, targets);
      const roles = reflector.getAllAndOverride<ApiKeyRole[] | undefined>(ROLES, targets) ?? [];
      const operators =
        role !== undefined ||
        reflector.getAllAndOverride<boolean>(OPERATOR_ONLY, targets) === true ||
        roles.includes(ApiKeyRole.Operator) ||
        path.startsWith('/api/v1/admin/');
      operations.push({ route: `${RequestMethod[method]} ${path.replace(/:(\w+)/g, '{$1}')}`, operators, role });
    }
  }
  return operations.sort((a, b) => a.route.localeCompare(b.route));
}

describe('operator roles', () => {
  const services: Array<[string, () => Promise<TestApp<never>>]> = [
    ['lead-distribution', () => startLeadDistribution() as Promise<TestApp<never>>],
    ['coverage-claims', () => startCoverageClaims() as Promise<TestApp<never>>],
  ];
  const table = readFileSync('docs/operations/operators.md', 'utf8');

  it.each(services)(
    'declares the least role of every operation %s opens to operators, as docs/operations/operators.md lists it',
    async (service, start) => {
      const app = await start();
      try {
        const operations = operationsOf(app).filter((operation) => operation.operators);
        expect(operations.length).toBeGreaterThan(10);
        // An operator operation without @OperatorRole fails here.
        expect(operations.filter((operation) => operation.role === undefined).map((operation) => operation.route)).toEqual([]);
        const section = table.split(`## ${service}`)[1]?.split('\n## ')[0] ?? '';
        const documented = new Map(
          section
            .split('\n')
            .filter((line) => line.startsWith('| `'))
            .map((line) => line.split('|').map((cell) => cell.trim()))
            .map(([, route, role]) => [route!.replaceAll('`', ''), role]),
        );
        expect(
          operations.filter((operation) => documented.get(operation.route) !== operation.role).map((operation) => operation.route),
        ).toEqual([]);
        expect(documented.size).toBe(operations.length);
      } finally {
        await app.close();
      }
    },
  );
});
