import { Module } from '@nestjs/common';
import { TermsController } from './terms.controller.js';
import { TermsRepository } from './terms.repository.js';
import { TermsService } from './terms.service.js';

/** Versioned terms customers agree to. TermsService.requireAgreed is what verification requests use. */
@Module({
  controllers: [TermsController],
  providers: [TermsRepository, TermsService],
  exports: [TermsService],
})
export class TermsModule {}
