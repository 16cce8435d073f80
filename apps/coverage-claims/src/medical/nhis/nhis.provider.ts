import type { Provider } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { NHIS, type NhisPort } from './nhis.port.js';
import { SandboxNhisAdapter } from './sandbox/sandbox-nhis.adapter.js';

/** The adapter NHIS_ADAPTER names (validated at start-up), under the NHIS token. */
export const nhisProvider: Provider = {
  provide: NHIS,
  inject: [CoverageClaimsConfig],
  useFactory: (config: CoverageClaimsConfig): NhisPort => {
    switch (config.NHIS_ADAPTER) {
      case 'sandbox':
        return new SandboxNhisAdapter({ approvalSeconds: config.NHIS_SANDBOX_APPROVAL_SECONDS });
    }
  },
};
