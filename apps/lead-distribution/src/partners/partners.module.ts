import { Module } from '@nestjs/common';
import { PartnersAdminController } from './partners-admin.controller.js';
import { PartnersRepository } from './partners.repository.js';
import { PartnersService } from './partners.service.js';

@Module({
  controllers: [PartnersAdminController],
  providers: [PartnersRepository, PartnersService],
  exports: [PartnersService],
})
export class PartnersModule {}
