import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { LeadsModule } from '../leads/leads.module.js';
import { DistributionController } from './distribution.controller.js';
import { DistributionRepository } from './distribution.repository.js';
import { DistributionService } from './distribution.service.js';

@Module({
  imports: [AllocationModule, LeadsModule],
  controllers: [DistributionController],
  providers: [DistributionRepository, DistributionService],
})
export class DistributionModule {}
