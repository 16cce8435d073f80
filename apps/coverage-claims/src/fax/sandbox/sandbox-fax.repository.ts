import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SandboxFaxTransmission, type SandboxFaxResult } from './entities/sandbox-fax-transmission.entity.js';

@Injectable()
export class SandboxFaxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async insert(transmission: Omit<SandboxFaxTransmission, 'createdAt'>): Promise<void> {
    await this.dataSource.getRepository(SandboxFaxTransmission).insert(transmission);
  }

  /** How many transmissions with this reference ended so. */
  async count(reference: string, result: SandboxFaxResult): Promise<number> {
    return this.dataSource.getRepository(SandboxFaxTransmission).countBy({ reference, result });
  }
}
