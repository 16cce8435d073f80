import { Module, type Type } from '@nestjs/common';
import { CoverageClaimsConfig } from '../../config/coverage-claims.config.js';
import { SandboxMessagesAdminController } from './sandbox/sandbox-messages-admin.controller.js';
import { SandboxSmsRepository } from './sandbox/sandbox-sms.repository.js';
import { SandboxSmsAdapter } from './sandbox/sandbox-sms.adapter.js';
import { SMS_SENDER, type SmsSender } from './sms.port.js';
import { SolapiSmsAdapter } from './solapi/solapi-sms.adapter.js';

/** The SMS port (SMS_SENDER) with the adapter SMS_ADAPTER names. */
@Module({
  providers: [
    SandboxSmsRepository,
    SandboxSmsAdapter,
    { provide: SMS_SENDER, useFactory: smsSender, inject: [CoverageClaimsConfig, SandboxSmsAdapter] },
  ],
  // The sandbox for its operator routes (SandboxSmsAdminModule); features inject SMS_SENDER only.
  exports: [SMS_SENDER, SandboxSmsAdapter],
})
export class SmsModule {}

function smsSender(config: CoverageClaimsConfig, sandbox: SandboxSmsAdapter): SmsSender {
  switch (config.SMS_ADAPTER) {
    case 'sandbox':
      return sandbox;
    case 'solapi':
      return new SolapiSmsAdapter(config);
  }
}

/** The sandbox's operator routes (`GET /api/v1/admin/sandbox/messages`). */
@Module({ imports: [SmsModule], controllers: [SandboxMessagesAdminController] })
class SandboxSmsAdminModule {}

/**
 * The SMS modules the application mounts: the port, and the sandbox's operator routes only while
 * SMS_ADAPTER=sandbox. Otherwise those routes are never registered: a request answers as for a path
 * nothing serves (404 with or without a key, never a 401 that would tell them apart), and the served
 * OpenAPI document does not list them.
 */
export function smsModules(config: Pick<CoverageClaimsConfig, 'SMS_ADAPTER'>): Type[] {
  return config.SMS_ADAPTER === 'sandbox' ? [SmsModule, SandboxSmsAdminModule] : [SmsModule];
}
