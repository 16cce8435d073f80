import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { ProductsModule } from '../products/products.module.js';
import { WebhookOutboxModule } from '../webhooks/webhook-outbox.module.js';
import { OrdersController } from './orders.controller.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersService } from './orders.service.js';

@Module({
  imports: [AllocationModule, ProductsModule, WebhookOutboxModule],
  controllers: [OrdersController],
  providers: [OrdersRepository, OrdersService],
  exports: [OrdersService],
})
export class OrdersModule {}
