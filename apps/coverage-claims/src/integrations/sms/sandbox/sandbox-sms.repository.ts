import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import type { Page, PageWindow } from '#platform';
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

  /**
   * Deletes messages older than the retention (up to 1,000 at a time): a one-time number is worth
   * nothing after 180 s, and a phone should not stay readable here after its customer is deleted.
   */
  async pruneOlderThan(hours: number): Promise<void> {
    await this.dataSource.query(
      `DELETE FROM sandbox_sms_messages WHERE id IN (
         SELECT id FROM sandbox_sms_messages WHERE created_at < now() - make_interval(hours => $1) ORDER BY created_at, id LIMIT 1000)`,
      [hours],
    );
  }

  /** Deletes the messages with these references, in the caller's transaction. */
  async deleteByReferences(tx: EntityManager, references: string[]): Promise<void> {
    if (references.length > 0) await tx.query('DELETE FROM sandbox_sms_messages WHERE reference = ANY($1::varchar[])', [references]);
  }

  /** Newest first, optionally only those to one phone (by its keyed hash). */
  async list(phoneHash: string | undefined, window: PageWindow): Promise<Page<SandboxSmsMessage>> {
    const [rows, total] = await this.messages.findAndCount({
      where: phoneHash ? { phoneHash } : {},
      order: { createdAt: 'DESC', id: 'DESC' },
      skip: window.offset,
      take: window.limit,
    });
    return { rows, total };
  }
}
