import { catalogueFromData } from '../src/coverage-analysis/catalogue/catalogue-rows.js';
import { CATALOGUE_2026_11 } from '../src/coverage-analysis/catalogue/v2026-11/index.js';
import { CoverageCatalogueService } from '../src/coverage-analysis/coverage-catalogue.service.js';
import { INSURANCE_DATA, type InsuranceDataPort } from '../src/integrations/insurance-data/insurance-data.port.js';
import { SandboxInsuranceDataAdapter } from '../src/integrations/insurance-data/sandbox/sandbox-insurance-data.adapter.js';
import { startCoverageClaims, type CoverageClaimsTestApp } from './support/coverage-claims.js';

describe('coverage catalogue in the database', () => {
  let app: CoverageClaimsTestApp;

  beforeAll(async () => {
    app = await startCoverageClaims({ env: { SANDBOX_INSURANCE_DELAY_MS: '0' } });
  });
  afterAll(() => app.close());

  it('is loaded by the migrations: version 2026.11, every category, code, amount band, insurer and synonym', async () => {
    const count = async (table: string) => Number((await app.dataSource.query(`SELECT count(*) AS n FROM "${table}"`))[0].n);
    expect(await app.dataSource.query(`SELECT version FROM coverage_catalogue_versions`)).toEqual([{ version: '2026.11' }]);
    expect(await count('coverage_categories')).toBe(CATALOGUE_2026_11.categories.length);
    expect(await count('coverage_codes')).toBe(CATALOGUE_2026_11.coverages.length);
    expect(await count('coverage_amounts')).toBe(CATALOGUE_2026_11.coverages.reduce((sum, coverage) => sum + coverage.bands.length * 2, 0));
    expect(await count('insurers')).toBe(CATALOGUE_2026_11.insurers.length);
    expect(await count('coverage_synonyms')).toBe(CATALOGUE_2026_11.synonyms.exact.length + CATALOGUE_2026_11.synonyms.patterns.length);
    // amounts stay exact beyond 2^31 (bigint)
    expect(
      await app.dataSource.query(
        `SELECT upper_limit FROM coverage_amounts WHERE coverage_code = '01_GEN' AND gender = 'M' AND age_from = 40`,
      ),
    ).toEqual([{ upper_limit: '900000000' }]);
  });

  it('is read back by the runtime reader as the data in the repository, and kept in memory', async () => {
    const service = app.app.get(CoverageCatalogueService);
    const fromDatabase = await service.current();
    const fromData = catalogueFromData(CATALOGUE_2026_11);
    expect(fromDatabase.version).toBe('2026.11');
    expect(fromDatabase.coverages).toEqual(fromData.coverages);
    for (const insurer of CATALOGUE_2026_11.insurers) expect(fromDatabase.insurer(insurer.code)).toEqual(fromData.insurer(insurer.code));
    for (const [name, code] of CATALOGUE_2026_11.synonyms.exact) expect(fromDatabase.codeFor(name)).toBe(code);
    expect(fromDatabase.codeFor('갑상선암진단비')).toBe('05_SML');
    for (const age of [0, 14, 15, 29, 30, 45, 59, 60, 75]) {
      for (const gender of ['M', 'F'])
        expect(fromDatabase.recommendationsFor(age, gender)).toEqual(fromData.recommendationsFor(age, gender));
    }
    expect(await service.current()).toBe(fromDatabase);
  });

  it('gives the sandbox insurance-data adapter under INSURANCE_DATA (INSURANCE_DATA_ADAPTER=sandbox)', async () => {
    const port = app.app.get<InsuranceDataPort>(INSURANCE_DATA);
    expect(port).toBeInstanceOf(SandboxInsuranceDataAdapter);
    const { contracts } = (await port.contractsOf({ name: '박지훈', birthDate: '19790923', gender: 'M', phone: '01077770002' })) as {
      contracts: unknown[];
    };
    expect(contracts.length).toBeGreaterThanOrEqual(1);
  });
});
