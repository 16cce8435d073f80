import { Module, type DynamicModule } from '@nestjs/common';
import { DatabaseModule, FieldEncryptionModule, OperatorsModule, PlatformModule, type ServiceRuntime } from '#platform';
import { ApiKeysModule } from './api-keys/api-keys.module.js';
import { AuthModule } from './auth/auth.module.js';
import type { LeadDistributionConfig } from './config/lead-distribution.config.js';
import { LEAD_DISTRIBUTION_DATABASE } from './database/database.js';
import { DistributionModule } from './distribution/distribution.module.js';
import { LeadAsModule } from './lead-as/lead-as.module.js';
import { OrdersModule } from './orders/orders.module.js';
import { LeadsModule } from './leads/leads.module.js';
import { FilesModule } from './files/files.module.js';
import { PartnersModule } from './partners/partners.module.js';
import { ProductsModule } from './products/products.module.js';
import { ProvidersModule } from './providers/providers.module.js';
import { RegionsModule } from './regions/regions.module.js';
import { WebhooksModule } from './webhooks/webhooks.module.js';

@Module({})
export class AppModule {
  static forRoot(runtime: ServiceRuntime<LeadDistributionConfig>): DynamicModule {
    return {
      module: AppModule,
      imports: [
        PlatformModule.forRoot(runtime),
        FieldEncryptionModule,
        DatabaseModule.forRoot(LEAD_DISTRIBUTION_DATABASE),
        AuthModule,
        PartnersModule,
        ApiKeysModule,
        ProvidersModule,
        ProductsModule,
        RegionsModule,
        LeadsModule,
        LeadAsModule,
        OrdersModule,
        DistributionModule,
        FilesModule,
        WebhooksModule,
        // Last: its operations come after the service's own in the OpenAPI document.
        OperatorsModule.forRoot({ service: runtime.service }),
      ],
    };
  }
}
