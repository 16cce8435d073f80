import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { SandboxSmsMessage } from './entities/sandbox-sms-message.entity.js';

@Injectable()
export class SandboxSmsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get messages() {
    return this.dataSource.getRepository(SandboxSmsMessage);
  }

  /** Written on a connection of its own, like a gateway's record: it stays even when the caller's transaction rolls back. */
  async insert(message: Omit<SandboxSmsMessage, 'createdAt'>): Promise<void> {
    await this.messages.insert(message);
  }

  /** Newest first, optionally only those to one phone (by its keyed hash). */
  list(filter: { phoneHash?: string; offset: number; limit: number }): Promise<[SandboxSmsMessage[], number]> {
    return this.messages.findAndCount({
      where: filter.phoneHash ? { phoneHash: filter.phoneHash } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: filter.offset,
      take: filter.limit,
    });
  }
}
