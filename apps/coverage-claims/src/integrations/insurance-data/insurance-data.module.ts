import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import type { CodefClient } from '../codef/codef-client.js';
import { CODEF_CLIENT, CodefModule } from '../codef/codef.module.js';
import { CodefInsuranceDataAdapter } from './codef/codef-insurance-data.adapter.js';
import { INSURANCE_DATA, type InsuranceDataPort } from './insurance-data.port.js';
import { SandboxInsuranceDataAdapter } from './sandbox/sandbox-insurance-data.adapter.js';

/** The insurance-data port (INSURANCE_DATA) with the adapter INSURANCE_DATA_ADAPTER names. */
@Module({
  imports: [CodefModule],
  providers: [{ provide: INSURANCE_DATA, inject: [CoverageClaimsConfig, CODEF_CLIENT], useFactory: insuranceData }],
  exports: [INSURANCE_DATA],
})
export class InsuranceDataModule {}

function insuranceData(config: CoverageClaimsConfig, codef: CodefClient | null): InsuranceDataPort {
  switch (config.INSURANCE_DATA_ADAPTER) {
    case 'sandbox':
      return new SandboxInsuranceDataAdapter({
        delayMs: config.SANDBOX_INSURANCE_DELAY_MS,
        approvalSeconds: config.SANDBOX_INSURANCE_APPROVAL_SECONDS,
      });
    case 'codef':
      // CodefModule builds the client whenever an adapter uses CODEF; configuration validation required its settings.
      if (!codef) throw new Error('INSURANCE_DATA_ADAPTER=codef has no CODEF client: CodefModule built none');
      return new CodefInsuranceDataAdapter(codef);
  }
}
