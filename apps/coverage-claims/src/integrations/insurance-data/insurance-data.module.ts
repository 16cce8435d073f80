import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { INSURANCE_DATA, type InsuranceDataPort } from './insurance-data.port.js';
import { SandboxInsuranceDataAdapter } from './sandbox/sandbox-insurance-data.adapter.js';

/** The insurance-data port (INSURANCE_DATA) with the adapter INSURANCE_DATA_ADAPTER names. */
@Module({
  providers: [{ provide: INSURANCE_DATA, inject: [CoverageClaimsConfig], useFactory: insuranceData }],
  exports: [INSURANCE_DATA],
})
export class InsuranceDataModule {}

function insuranceData(config: CoverageClaimsConfig): InsuranceDataPort {
  switch (config.INSURANCE_DATA_ADAPTER) {
    case 'sandbox':
      return new SandboxInsuranceDataAdapter({
        delayMs: config.SANDBOX_INSURANCE_DELAY_MS,
        approvalSeconds: config.SANDBOX_INSURANCE_APPROVAL_SECONDS,
      });
  }
}
