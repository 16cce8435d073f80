import { ConfigError, loadConfig } from '../src/config/load-config.js';
import { shutdownDrainMs } from '../src/config/service-config.js';
import { LeadDistributionConfig } from '../../../apps/lead-distribution/src/config/lead-distribution.config.js';
import { CoverageClaimsConfig } from '../../../apps/coverage-claims/src/config/coverage-claims.config.js';

function problemsOf(run: () => unknown): string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('configuration', () => {
  it('applies the defaults that let a fresh machine start with nothing set', () => {
    const config = loadConfig(LeadDistributionConfig, {});
    expect(config).toMatchObject({
      PORT: 3001,
      HOST: '0.0.0.0',
      LOG_LEVEL: 'info',
      DATABASE_URL: undefined,
      OPERATOR_API_KEYS: [],
      MIGRATIONS_RUN: true,
    });
    expect(loadConfig(CoverageClaimsConfig, {}).PORT).toBe(3000);
  });

  it('parses numbers, booleans and lists from their text', () => {
    const config = loadConfig(LeadDistributionConfig, {
      PORT: '8080',
      MIGRATIONS_RUN: 'false',
      OPERATOR_API_KEYS: ' op_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa , op_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb ,',
      CORS_ORIGINS: 'https://a.example,https://b.example',
    });
    expect(config.PORT).toBe(8080);
    expect(config.MIGRATIONS_RUN).toBe(false);
    expect(config.OPERATOR_API_KEYS).toEqual(['op_aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', 'op_bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb']);
    expect(config.CORS_ORIGINS).toEqual(['https://a.example', 'https://b.example']);
  });

  it('names every invalid variable', () => {
    const problems = problemsOf(() =>
      loadConfig(LeadDistributionConfig, { PORT: '70000', LOG_LEVEL: 'loud', DATABASE_URL: 'mysql://x', MIGRATIONS_RUN: 'maybe' }),
    );
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining(['PORT', 'LOG_LEVEL', 'DATABASE_URL', 'MIGRATIONS_RUN']),
    );
  });

  it('keeps nothing of the environment but the declared variables', () => {
    const config = loadConfig(LeadDistributionConfig, { AWS_SECRET_ACCESS_KEY: 'nope', PATH: '/usr/bin' });
    expect(Object.keys(config)).not.toContain('AWS_SECRET_ACCESS_KEY');
    expect(Object.keys(config)).not.toContain('PATH');
  });

  it('requires JWT_SECRET in production only, and a long one when given', () => {
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { NODE_ENV: 'production' }))[0]).toMatch(/^JWT_SECRET/);
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { JWT_SECRET: 'short' }))[0]).toMatch(/^JWT_SECRET: must be at least 32/);
    expect(loadConfig(CoverageClaimsConfig, {}).JWT_SECRET).toBeUndefined();
  });

  it('chooses the insurance-data adapter and the sandbox delay of coverage-claims, refusing other values by name', () => {
    expect(loadConfig(CoverageClaimsConfig, {})).toMatchObject({ INSURANCE_DATA_ADAPTER: 'sandbox', SANDBOX_INSURANCE_DELAY_MS: 3000 });
    expect(loadConfig(CoverageClaimsConfig, { SANDBOX_INSURANCE_DELAY_MS: '0' }).SANDBOX_INSURANCE_DELAY_MS).toBe(0);
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { INSURANCE_DATA_ADAPTER: 'credit4u' }))[0]).toMatch(
      /^INSURANCE_DATA_ADAPTER: /,
    );
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { SANDBOX_INSURANCE_DELAY_MS: '-1' }))[0]).toMatch(
      /^SANDBOX_INSURANCE_DELAY_MS: /,
    );
  });

  it('requires the lead-distribution secrets in production, so no replica generates its own', () => {
    const problems = problemsOf(() => loadConfig(LeadDistributionConfig, { NODE_ENV: 'production' }));
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(
      expect.arrayContaining(['DATA_ENCRYPTION_KEYS', 'LOOKUP_HASH_KEY', 'CDN_BASE_URL', 'FILE_UPLOAD_SECRET']),
    );
    expect(problems).toContain('DATA_ENCRYPTION_KEYS: is required in production');
    expect(loadConfig(LeadDistributionConfig, {}).DATA_ENCRYPTION_KEYS).toEqual([]);
  });

  it('drains 5 s after SIGTERM in production and 1 s elsewhere unless told, and wants the shutdown timeout longer than the drain', () => {
    expect(shutdownDrainMs(loadConfig(CoverageClaimsConfig, {}))).toBe(1_000);
    expect(shutdownDrainMs({ NODE_ENV: 'production' })).toBe(5_000);
    expect(shutdownDrainMs(loadConfig(CoverageClaimsConfig, { SHUTDOWN_DRAIN_MS: '0' }))).toBe(0);
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { SHUTDOWN_DRAIN_MS: '30000' }))).toEqual([
      'SHUTDOWN_TIMEOUT_MS: must be longer than the drain (SHUTDOWN_DRAIN_MS, here 30000)',
    ]);
    expect(problemsOf(() => loadConfig(CoverageClaimsConfig, { SHUTDOWN_TIMEOUT_MS: '800' }))[0]).toMatch(
      /^SHUTDOWN_TIMEOUT_MS: must be longer/,
    );
    // A drain that is not a number is reported on its own variable only.
    const problems = problemsOf(() => loadConfig(CoverageClaimsConfig, { SHUTDOWN_DRAIN_MS: 'soon' }));
    expect(new Set(problems.map((problem) => problem.split(':')[0]))).toEqual(new Set(['SHUTDOWN_DRAIN_MS']));
  });
});
