import type { Provider } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { INSURANCE_DATA, type InsuranceDataPort } from './insurance-data.port.js';
import { SandboxInsuranceDataAdapter } from './sandbox-insurance-data.adapter.js';

/** The adapter INSURANCE_DATA_ADAPTER names (validated at start-up), under the INSURANCE_DATA token. */
export const insuranceDataProvider: Provider = {
  provide: INSURANCE_DATA,
  inject: [CoverageClaimsConfig],
  useFactory: (config: CoverageClaimsConfig): InsuranceDataPort => {
    switch (config.INSURANCE_DATA_ADAPTER) {
      case 'sandbox':
        return new SandboxInsuranceDataAdapter({ delayMs: config.SANDBOX_INSURANCE_DELAY_MS });
    }
  },
};
