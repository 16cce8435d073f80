import { Module } from '@nestjs/common';
import { InsurersRepository } from './insurers.repository.js';
import { InsurersService } from './insurers.service.js';

/** Insurers (`insurers`, owned here): the list loaded by migration and the operators' claims fax. */
@Module({
  providers: [InsurersRepository, InsurersService],
  exports: [InsurersService],
})
export class InsurersModule {}
