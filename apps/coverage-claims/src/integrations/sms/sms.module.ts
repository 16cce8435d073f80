import { Module } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { SandboxMessagesAdminController } from './sandbox/sandbox-messages-admin.controller.js';
import { SandboxSelectedGuard } from './sandbox/sandbox-selected.guard.js';
import { SandboxSmsRepository } from './sandbox/sandbox-sms.repository.js';
import { SandboxSmsSender } from './sandbox/sandbox-sms.sender.js';
import { SMS_SENDER, type SmsSender } from './sms.port.js';
import { SolapiSmsSender } from './solapi/solapi-sms.sender.js';

/** The SMS port (SMS_SENDER) with the adapter SMS_ADAPTER names. */
@Module({
  controllers: [SandboxMessagesAdminController],
  providers: [
    SandboxSmsRepository,
    SandboxSmsSender,
    SandboxSelectedGuard,
    { provide: SMS_SENDER, useFactory: smsSender, inject: [CoverageClaimsConfig, SandboxSmsSender] },
  ],
  exports: [SMS_SENDER],
})
export class SmsModule {}

function smsSender(config: CoverageClaimsConfig, sandbox: SandboxSmsSender): SmsSender {
  switch (config.SMS_ADAPTER) {
    case 'sandbox':
      return sandbox;
    case 'solapi':
      return new SolapiSmsSender(config);
  }
}
