import { Module } from '@nestjs/common';
import { AllocationModule } from '../allocation/allocation.module.js';
import { FilesModule } from '../files/files.module.js';
import { PartnersModule } from '../partners/partners.module.js';
import { ProductsModule } from '../products/products.module.js';
import { ContactAudit } from './contact-audit.js';
import { LeadContactCipher } from './lead-contact-cipher.js';
import { LeadImportService } from './lead-import.service.js';
import { LeadListCountsCompaction } from './lead-list-counts.compaction.js';
import { LeadsAdminController } from './leads-admin.controller.js';
import { LeadsController } from './leads.controller.js';
import { LeadsRepository } from './leads.repository.js';
import { LeadsService } from './leads.service.js';

@Module({
  imports: [PartnersModule, ProductsModule, FilesModule, AllocationModule],
  controllers: [LeadsController, LeadsAdminController],
  providers: [LeadsRepository, LeadsService, LeadImportService, LeadContactCipher, ContactAudit, LeadListCountsCompaction],
  exports: [LeadsService],
})
export class LeadsModule {}
