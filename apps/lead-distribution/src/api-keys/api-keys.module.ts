import { Module } from '@nestjs/common';
import { PartnersModule } from '../partners/partners.module.js';
import { ApiKeyCache } from './api-key-cache.js';
import { ApiKeysAdminController } from './api-keys-admin.controller.js';
import { ApiKeysRepository } from './api-keys.repository.js';
import { ApiKeysService } from './api-keys.service.js';

@Module({
  imports: [PartnersModule],
  controllers: [ApiKeysAdminController],
  providers: [ApiKeysRepository, ApiKeysService, ApiKeyCache],
  exports: [ApiKeysService],
})
export class ApiKeysModule {}
