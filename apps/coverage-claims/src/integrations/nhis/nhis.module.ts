import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import type { CodefClient } from '../codef/codef-client.js';
import { CODEF_CLIENT, CodefModule } from '../codef/codef.module.js';
import { CodefNhisAdapter } from './codef/codef-nhis.adapter.js';
import { NHIS, type NhisPort } from './nhis.port.js';
import { SandboxNhisAdapter } from './sandbox/sandbox-nhis.adapter.js';

/** The NHIS port (NHIS: simple authentication and check-ups) with the adapter NHIS_ADAPTER names. */
@Module({
  imports: [CodefModule],
  providers: [{ provide: NHIS, inject: [CoverageClaimsConfig, CODEF_CLIENT], useFactory: nhis }],
  exports: [NHIS],
})
export class NhisModule {}

function nhis(config: CoverageClaimsConfig, codef: CodefClient | null): NhisPort {
  switch (config.NHIS_ADAPTER) {
    case 'sandbox':
      return new SandboxNhisAdapter({ approvalSeconds: config.NHIS_SANDBOX_APPROVAL_SECONDS });
    case 'codef':
      // CodefModule builds the client whenever an adapter is codef.
      if (!codef) throw new Error('NHIS_ADAPTER=codef needs the CODEF client');
      return new CodefNhisAdapter(codef);
  }
}
