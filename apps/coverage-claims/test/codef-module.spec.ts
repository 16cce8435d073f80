import { Global, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { loadConfig, MetricsRegistry } from '#platform';
import { CoverageClaimsConfig } from '../src/config/coverage-claims.config.js';
import { CODEF_CLIENT, CodefModule } from '../src/integrations/codef/codef.module.js';
import { CodefClient } from '../src/integrations/codef/codef-client.js';
import { CodefFake } from './support/fakes/codef-fake.js';

describe('CodefModule, against the CODEF fake', () => {
  let fake: CodefFake;

  beforeAll(async () => {
    fake = await CodefFake.start();
  });
  afterAll(() => fake.close());

  /** CodefModule in an application of its own, with the configuration and metrics the platform gives the service. */
  async function boot(env: Record<string, string>) {
    // The analysis's wait must cover CODEF's first call once INSURANCE_DATA_ADAPTER=codef.
    const config = loadConfig(CoverageClaimsConfig, { INSURANCE_DATA_TIMEOUT_MS: '200000', ...env });
    @Global()
    @Module({
      providers: [{ provide: CoverageClaimsConfig, useValue: config }, MetricsRegistry],
      exports: [CoverageClaimsConfig, MetricsRegistry],
    })
    class PlatformStandIn {}
    @Module({ imports: [PlatformStandIn, CodefModule] })
    class Root {}
    const app = await NestFactory.createApplicationContext(Root, { logger: false, abortOnError: false });
    try {
      await app.init();
    } catch (error) {
      await app.close();
      throw error;
    }
    return app;
  }

  it('gives one CodefClient when an adapter uses CODEF, and asks for a token at start-up', async () => {
    const before = fake.tokensIssued;
    for (const adapter of [{ INSURANCE_DATA_ADAPTER: 'codef' }, { NHIS_ADAPTER: 'codef' }] as Array<Record<string, string>>) {
      const app = await boot({ ...fake.env(), ...adapter });
      expect(app.get(CODEF_CLIENT)).toBeInstanceOf(CodefClient);
      await app.close();
    }
    expect(fake.tokensIssued - before).toBe(2);
  });

  it('gives null and asks nothing when no adapter uses CODEF', async () => {
    const before = fake.tokensIssued;
    const app = await boot({});
    expect(app.get(CODEF_CLIENT)).toBeNull();
    await app.close();
    expect(fake.tokensIssued).toBe(before);
  });

  it('refuses to start when CODEF refuses the client id and secret, naming them', async () => {
    await expect(boot({ ...fake.env(), INSURANCE_DATA_ADAPTER: 'codef', CODEF_CLIENT_SECRET: 'wrong' })).rejects.toThrow(
      /CODEF refused this service's client at start-up \(CODEF_ENV=demo\).*invalid_client.*CODEF_CLIENT_ID and CODEF_CLIENT_SECRET/,
    );
  });

  it('starts when CODEF cannot be reached (it may be down for a moment)', async () => {
    const app = await boot({ ...fake.env(), NHIS_ADAPTER: 'codef', CODEF_TOKEN_URL: 'http://127.0.0.1:9/oauth/token' });
    expect(app.get(CODEF_CLIENT)).toBeInstanceOf(CodefClient);
    await app.close();
  });
});
