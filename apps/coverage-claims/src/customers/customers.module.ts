import { Module } from '@nestjs/common';
import { CustomerCipher } from './customer-cipher.js';
import { CustomerPrompts } from './customer-prompts.service.js';
import { CustomerErasure } from './customer-erasure.service.js';
import { CustomersController } from './customers.controller.js';
import { CustomersRepository } from './customers.repository.js';
import { CustomersService } from './customers.service.js';

/** Customers and their consents. CustomersService is what verifications (and later analyses) use. */
@Module({
  controllers: [CustomersController],
  providers: [CustomerCipher, CustomerErasure, CustomerPrompts, CustomersRepository, CustomersService],
  exports: [CustomersService, CustomerErasure, CustomerPrompts],
})
export class CustomersModule {}
