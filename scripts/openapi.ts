import 'reflect-metadata';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { buildOpenApiDocument, loadConfig } from '#platform';
import { SERVICES } from './services.js';

/**
 * Writes `openapi/<service>.json` from the code, or with --check fails when a committed document is
 * stale. The application is created in preview mode: nothing is instantiated, no database is needed.
 */
async function documentOf(name: string): Promise<string> {
  const service = SERVICES[name]!;
  const config = loadConfig(service.configClass, { NODE_ENV: 'test' });
  const module = service.appModule({ service: service.service, config, databaseUrl: 'postgres://unused/unused' });
  const app = await NestFactory.create<NestFastifyApplication>(module, new FastifyAdapter(), { preview: true, logger: false });
  const document = buildOpenApiDocument(app, service.openApi);
  await app.close();
  return `${JSON.stringify(document, null, 2)}\n`;
}

async function main(): Promise<number> {
  const check = process.argv.includes('--check');
  let stale = 0;
  for (const name of Object.keys(SERVICES)) {
    const file = path.resolve('openapi', `${name}.json`);
    const generated = await documentOf(name);
    if (!check) {
      await writeFile(file, generated);
      process.stdout.write(`Wrote ${path.relative(process.cwd(), file)}\n`);
      continue;
    }
    const committed = await readFile(file, 'utf8').catch(() => '');
    if (committed !== generated) {
      stale += 1;
      process.stderr.write(`${path.relative(process.cwd(), file)} is stale: run npm run openapi and commit the result\n`);
    } else {
      process.stdout.write(`${path.relative(process.cwd(), file)} is up to date\n`);
    }
  }
  return stale > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
