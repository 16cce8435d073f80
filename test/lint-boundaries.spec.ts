import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';

// The feature-boundary rule of eslint.config.js (docs/decisions/feature-boundaries.md), run on
// probe files that do not exist: the rule is set up from the folders on disk, so a probe in a
// feature folder is checked as any file of that feature would be.

const eslint = new ESLint({ cwd: fileURLToPath(new URL('..', import.meta.url)) });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages
    .filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax')
    .map((message) => message.message);
}

describe('feature boundaries (no-restricted-imports)', () => {
  it("fails a file that imports another feature's internals", async () => {
    const errors = await boundaryErrors(
      'apps/coverage-claims/src/claims/boundary-probe.ts',
      "import { CustomersRepository } from '../customers/customers.repository.js';\nexport const probe = CustomersRepository;\n",
    );
    expect(errors).toEqual([expect.stringContaining('claims/ may import customers/ only through its public files')]);
  });

  it('fails an internal import from deeper in a feature, and in the other service', async () => {
    expect(
      await boundaryErrors(
        'apps/coverage-claims/src/medical/checkups/reference-ranges/boundary-probe.ts',
        "import { AnalysesRepository } from '../../../coverage-analysis/analyses.repository.js';\nexport const probe = AnalysesRepository;\n",
      ),
    ).toHaveLength(1);
    expect(
      await boundaryErrors(
        'apps/lead-distribution/src/leads/boundary-probe.ts',
        "import { PartnersRepository } from '../partners/partners.repository.js';\nexport const probe = PartnersRepository;\n",
      ),
    ).toHaveLength(1);
  });

  it("passes imports of another feature's public files, of shared folders and of the feature's own files", async () => {
    const errors = await boundaryErrors(
      'apps/coverage-claims/src/claims/boundary-probe.ts',
      [
        "import { CustomersModule } from '../customers/customers.module.js';",
        "import { CustomersService } from '../customers/customers.service.js';",
        "import { CustomerErrors } from '../customers/customers.errors.js';",
        "import { Customer } from '../customers/entities/customer.entity.js';",
        "import { FAX_SENDER } from '../integrations/fax/fax.port.js';",
        "import { FaxModule } from '../integrations/fax/fax.module.js';",
        "import { CurrentUser } from '../auth/auth.decorators.js';",
        "import { visibilityOf } from '../auth/principal.js';",
        "import { INSURERS_2026_11 } from '../insurers/catalogue/v2026-11/index.js';",
        "import { koreaDate } from '../common/calendar.js';",
        "import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';",
        "import { ClaimCipher } from './claim-cipher.js';",
        'export const probe = [CustomersModule, CustomersService, CustomerErrors, Customer, FAX_SENDER, FaxModule, CurrentUser, visibilityOf, INSURERS_2026_11, koreaDate, CoverageClaimsConfig, ClaimCipher];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('fails a feature that imports an adapter of integrations/, or any file of it but a port and its module', async () => {
    const errors = await boundaryErrors(
      'apps/coverage-claims/src/claims/delivery/boundary-probe.ts',
      [
        "import { SandboxFaxAdapter } from '../../integrations/fax/sandbox/sandbox-fax.adapter.js';",
        "import { SmsModule } from '../../integrations/fax/sms.module.js';",
        "import { PopbillFaxService } from '../../integrations/fax/popbill-fax.service.js';",
        "import { SMS_SENDER } from '../../integrations/sms/sms.port.js';",
        'export const probe = [SandboxFaxAdapter, SmsModule, PopbillFaxService, SMS_SENDER];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringContaining('claims/ may import integrations/ only through a port and its module'),
      expect.stringContaining('claims/ may import integrations/ only through a port and its module'),
      expect.stringContaining('claims/ may import integrations/ only through a port and its module'),
    ]);
  });

  it('fails shared code (common/) that imports any feature', async () => {
    const errors = await boundaryErrors(
      'apps/coverage-claims/src/common/boundary-probe.ts',
      "import { CustomersService } from '../customers/customers.service.js';\nexport const probe = CustomersService;\n",
    );
    expect(errors).toEqual([expect.stringContaining('Shared code (common/) imports no feature')]);
  });

  it('fails shared drawing code (pdf/) that imports a feature, and a re-export of an internal from a nested folder', async () => {
    expect(
      await boundaryErrors(
        'apps/coverage-claims/src/pdf/boundary-probe.ts',
        "import { ClaimCipher } from '../claims/claim-cipher.js';\nexport const probe = ClaimCipher;\n",
      ),
    ).toEqual([expect.stringContaining('Shared code (pdf/) imports no feature')]);
    expect(
      await boundaryErrors(
        'apps/coverage-claims/src/claims/delivery/boundary-probe.ts',
        "export { CustomerCipher } from '../../customers/customer-cipher.js';\n",
      ),
    ).toEqual([expect.stringContaining('claims/ may import customers/ only through its public files')]);
  });

  it('fails a path written to slip past the patterns, and a dynamic import of a relative module', async () => {
    for (const path of [
      './../customers/customers.repository.js',
      '../claims/../customers/customers.repository.js',
      '.././customers/customer-cipher.js',
    ]) {
      expect(
        await boundaryErrors(
          'apps/coverage-claims/src/claims/boundary-probe.ts',
          `import { probe as imported } from '${path}';\nexport const probe = imported;\n`,
        ),
      ).toEqual([expect.stringContaining('Write the relative path normalised')]);
    }
    expect(
      await boundaryErrors(
        'apps/coverage-claims/src/claims/boundary-probe.ts',
        "export const probe = () => import('../customers/customer-cipher.js');\n",
      ),
    ).toEqual([expect.stringContaining('Import relative modules statically')]);
  });

  it('fails an app or test file that imports the benchmarks (benchmarks import from the apps, never the reverse)', async () => {
    for (const [filePath, path] of [
      ['apps/coverage-claims/src/claims/boundary-probe.ts', '../../../../bench/support/load.js'],
      ['apps/lead-distribution/test/boundary-probe.spec.ts', '../../../bench/support/lead-fixtures.js'],
    ]) {
      expect(await boundaryErrors(filePath!, `import { probe as imported } from '${path}';\nexport const probe = imported;\n`)).toEqual([
        expect.stringContaining('Benchmarks import from the apps, never the reverse'),
      ]);
    }
  });
});
