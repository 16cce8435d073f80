import { Module } from '@nestjs/common';
import { ApiKeysModule } from '../api-keys/api-keys.module.js';
import { ProvidersAdminController } from './providers-admin.controller.js';
import { ProvidersRepository } from './providers.repository.js';
import { ProvidersService } from './providers.service.js';

@Module({
  imports: [ApiKeysModule],
  controllers: [ProvidersAdminController],
  providers: [ProvidersRepository, ProvidersService],
  exports: [ProvidersService],
})
export class ProvidersModule {}
