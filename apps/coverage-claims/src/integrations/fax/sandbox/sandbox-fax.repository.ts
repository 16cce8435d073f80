import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { SandboxFaxTransmission, type SandboxFaxResult } from './entities/sandbox-fax-transmission.entity.js';

@Injectable()
export class SandboxFaxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(transmission: Omit<SandboxFaxTransmission, 'createdAt'>): Promise<void> {
    await this.dataSource.getRepository(SandboxFaxTransmission).insert(transmission);
  }

  /** Deletes the transmissions with these references, in the caller's transaction. */
  async deleteByReferences(tx: EntityManager, references: string[]): Promise<void> {
    if (references.length > 0) await tx.query('DELETE FROM sandbox_fax_transmissions WHERE reference = ANY($1::varchar[])', [references]);
  }

  /** How many transmissions with this reference ended so. */
  async count(reference: string, result: SandboxFaxResult): Promise<number> {
    return this.dataSource.getRepository(SandboxFaxTransmission).countBy({ reference, result });
  }
}
