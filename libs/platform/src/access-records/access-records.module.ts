import { Global, Module, type DynamicModule } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { AccessRecordSink } from './access-record.decorator.js';
import { AccessRecordInterceptor } from './access-record.interceptor.js';
import { AccessRecordRetention } from './access-record.retention.js';
import { AccessRecordSealer } from './access-record.sealer.js';
import { AccessRecordWriter } from './access-record.writer.js';
import { accessRecordsController, type AccessRecordsRoutes } from './access-records.controller.js';
import { AccessRecordsRepository } from './access-records.repository.js';
import { AccessRecordsService } from './access-records.service.js';

/**
 * The access records (접속기록) of a service: the global interceptor that records every call of an
 * operation marked @RecordsAccess, the writer behind AccessRecordSink (injectable everywhere: guards
 * and sign-in record refused keys and failed sign-ins), the sealer that hash-chains the records, and
 * the retention sweep; and the operators' routes (search, CSV export, monthly review), guarded as
 * `routes` says. Each AppModule imports it once, after DatabaseModule.
 */
@Global()
@Module({})
export class AccessRecordsModule {
  static forRoot(routes: AccessRecordsRoutes): DynamicModule {
    return {
      module: AccessRecordsModule,
      controllers: [accessRecordsController(routes)],
      providers: [
        AccessRecordsRepository,
        AccessRecordsService,
        AccessRecordWriter,
        { provide: AccessRecordSink, useExisting: AccessRecordWriter },
        { provide: APP_INTERCEPTOR, useClass: AccessRecordInterceptor },
        AccessRecordSealer,
        AccessRecordRetention,
      ],
      exports: [AccessRecordSink, AccessRecordSealer, AccessRecordRetention],
    };
  }
}
