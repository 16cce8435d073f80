import { Module } from '@nestjs/common';
import { CustomersModule } from '../customers/customers.module.js';
import { FaxModule } from '../integrations/fax/fax.module.js';
import { FilesModule } from '../files/files.module.js';
import { TermsModule } from '../terms/terms.module.js';
import { ClaimCipher } from './claim-cipher.js';
import { ClaimsAdminController } from './claims-admin.controller.js';
import { ClaimsController } from './claims.controller.js';
import { ClaimsErasure } from './claims-erasure.js';
import { ClaimsRepository } from './claims.repository.js';
import { ClaimsService } from './claims.service.js';
import { ClaimDeliveriesAdminService } from './delivery/claim-deliveries-admin.service.js';
import { ClaimDeliveryRepository } from './delivery/claim-delivery.repository.js';
import { ClaimDeliveryService } from './delivery/claim-delivery.service.js';
import { ClaimDeliveryWorker } from './delivery/claim-delivery.worker.js';
import { ClaimDocumentService } from './delivery/claim-document.service.js';
import { ClaimRenderer } from './delivery/claim-renderer.js';
import { ClaimResendService } from './delivery/claim-resend.service.js';

/** Claim submission, history and document, and delivery to the insurers' fax by the outbox worker (delivery/). */
@Module({
  imports: [FilesModule, TermsModule, FaxModule, CustomersModule],
  controllers: [ClaimsController, ClaimsAdminController],
  providers: [
    ClaimCipher,
    ClaimsRepository,
    ClaimsService,
    ClaimsErasure,
    ClaimDeliveryRepository,
    ClaimDeliveryService,
    ClaimDeliveryWorker,
    ClaimDocumentService,
    ClaimRenderer,
    ClaimResendService,
    ClaimDeliveriesAdminService,
  ],
  exports: [ClaimCipher, ClaimsRepository],
})
export class ClaimsModule {}
