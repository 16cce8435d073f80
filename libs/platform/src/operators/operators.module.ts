import { Global, Module, type DynamicModule } from '@nestjs/common';
import { OperatorAccountsController } from './operator-accounts.controller.js';
import { OperatorAccountsService } from './operator-accounts.service.js';
import { OperatorAuthenticator } from './operator-authenticator.js';
import { OperatorSessionController } from './operator-session.controller.js';
import { OperatorSignInService } from './operator-sign-in.service.js';
import { OPERATORS_OPTIONS, type OperatorsOptions } from './operators.options.js';
import { OperatorsRepository } from './operators.repository.js';

/**
 * Operators as people (docs/decisions/operators-and-access-records.md): accounts with roles and a
 * history, password + TOTP sign-in, sessions, personal API keys and the bootstrap key. Each service
 * imports it once; its guard calls OperatorAuthenticator on every operator operation.
 */
@Global()
@Module({})
export class OperatorsModule {
  static forRoot(options: OperatorsOptions): DynamicModule {
    return {
      module: OperatorsModule,
      controllers: [OperatorSessionController, OperatorAccountsController],
      providers: [
        { provide: OPERATORS_OPTIONS, useValue: options },
        OperatorsRepository,
        OperatorAuthenticator,
        OperatorSignInService,
        OperatorAccountsService,
      ],
      exports: [OperatorAuthenticator],
    };
  }
}
