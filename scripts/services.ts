import type { ServiceDefinition, ServiceConfig } from '#platform';
import { COVERAGE_CLAIMS } from '../apps/coverage-claims/src/service.js';
import { LEAD_DISTRIBUTION } from '../apps/lead-distribution/src/service.js';

export const SERVICES: Record<string, ServiceDefinition<ServiceConfig>> = {
  'coverage-claims': COVERAGE_CLAIMS as unknown as ServiceDefinition<ServiceConfig>,
  'lead-distribution': LEAD_DISTRIBUTION as unknown as ServiceDefinition<ServiceConfig>,
};

export function serviceNamed(name: string | undefined): ServiceDefinition<ServiceConfig> {
  const service = name ? SERVICES[name] : undefined;
  if (!service) {
    process.stderr.write(`Name a service: ${Object.keys(SERVICES).join(' | ')}\n`);
    process.exit(2);
  }
  return service;
}
