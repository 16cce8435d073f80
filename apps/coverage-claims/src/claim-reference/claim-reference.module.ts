import { Module } from '@nestjs/common';
import { InsurersModule } from '../insurers/insurers.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { ClaimReferenceAdminController } from './claim-reference-admin.controller.js';
import { ClaimReferenceController } from './claim-reference.controller.js';
import { ClaimReferenceRepository } from './claim-reference.repository.js';
import { ClaimReferenceService } from './claim-reference.service.js';

/** The claim reference lists (versioned data loaded by migration) and the operator's insurer fax changes. */
@Module({
  imports: [TermsModule, InsurersModule],
  controllers: [ClaimReferenceController, ClaimReferenceAdminController],
  providers: [ClaimReferenceRepository, ClaimReferenceService],
  exports: [ClaimReferenceService],
})
export class ClaimReferenceModule {}
