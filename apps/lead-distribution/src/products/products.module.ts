import { Module } from '@nestjs/common';
import { ProvidersModule } from '../providers/providers.module.js';
import { ProductsAdminController } from './products-admin.controller.js';
import { ProductsController } from './products.controller.js';
import { ProductsRepository } from './products.repository.js';
import { ProductsService } from './products.service.js';

@Module({
  imports: [ProvidersModule],
  controllers: [ProductsController, ProductsAdminController],
  providers: [ProductsRepository, ProductsService],
  exports: [ProductsService],
})
export class ProductsModule {}
