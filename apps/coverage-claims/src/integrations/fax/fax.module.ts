import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { FAX_SENDER, type FaxSender } from './fax.port.js';
import { PopbillFaxAdapter } from './popbill/popbill-fax.adapter.js';
import { SandboxFaxRepository } from './sandbox/sandbox-fax.repository.js';
import { SandboxFaxAdapter } from './sandbox/sandbox-fax.adapter.js';

/** The fax port (FAX_SENDER) with the adapter FAX_ADAPTER names. */
@Module({
  providers: [
    SandboxFaxRepository,
    SandboxFaxAdapter,
    { provide: FAX_SENDER, useFactory: faxSender, inject: [CoverageClaimsConfig, SandboxFaxAdapter] },
  ],
  exports: [FAX_SENDER],
})
export class FaxModule {}

function faxSender(config: CoverageClaimsConfig, sandbox: SandboxFaxAdapter): FaxSender {
  switch (config.FAX_ADAPTER) {
    case 'sandbox':
      return sandbox;
    case 'popbill':
      return PopbillFaxAdapter.fromConfig(config);
  }
}
