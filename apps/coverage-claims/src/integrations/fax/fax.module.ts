import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { FAX_SENDER, type FaxSender } from './fax.port.js';
import { PopbillFaxSender } from './popbill/popbill-fax.sender.js';
import { SandboxFaxRepository } from './sandbox/sandbox-fax.repository.js';
import { SandboxFaxSender } from './sandbox/sandbox-fax.sender.js';

/** The fax port (FAX_SENDER) with the adapter FAX_ADAPTER names. */
@Module({
  providers: [
    SandboxFaxRepository,
    SandboxFaxSender,
    { provide: FAX_SENDER, useFactory: faxSender, inject: [CoverageClaimsConfig, SandboxFaxSender] },
  ],
  exports: [FAX_SENDER],
})
export class FaxModule {}

function faxSender(config: CoverageClaimsConfig, sandbox: SandboxFaxSender): FaxSender {
  switch (config.FAX_ADAPTER) {
    case 'sandbox':
      return sandbox;
    case 'popbill':
      return PopbillFaxSender.fromConfig(config);
  }
}
