import { Module } from '@nestjs/common';
import { OrganisationsAdminController } from './organisations-admin.controller.js';
import { OrganisationsRepository } from './organisations.repository.js';
import { OrganisationsService } from './organisations.service.js';

@Module({
  controllers: [OrganisationsAdminController],
  providers: [OrganisationsRepository, OrganisationsService],
  exports: [OrganisationsService],
})
export class OrganisationsModule {}
