import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { NHIS, type NhisPort } from './nhis.port.js';
import { SandboxNhisAdapter } from './sandbox/sandbox-nhis.adapter.js';

/** The NHIS port (NHIS: simple authentication and check-ups) with the adapter NHIS_ADAPTER names. */
@Module({
  providers: [{ provide: NHIS, inject: [CoverageClaimsConfig], useFactory: nhis }],
  exports: [NHIS],
})
export class NhisModule {}

function nhis(config: CoverageClaimsConfig): NhisPort {
  switch (config.NHIS_ADAPTER) {
    case 'sandbox':
      return new SandboxNhisAdapter({ approvalSeconds: config.NHIS_SANDBOX_APPROVAL_SECONDS });
  }
}
