import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { SandboxFaxTransmission, type SandboxFaxResult } from './entities/sandbox-fax-transmission.entity.js';

/** A transmission as its result check reads it: whether it has completed yet (by the database's clock). */
export type SandboxTransmissionState = Pick<SandboxFaxTransmission, 'id' | 'result'> & { completed: boolean };

@Injectable()
export class SandboxFaxRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /**
   * Keeps the transmission unless one with its request id is kept already (the gateway's duplicate
   * check); either way answers the id of the one kept. `durationMs` from now, its result shows.
   */
  async insertOnce(
    transmission: Omit<SandboxFaxTransmission, 'createdAt' | 'completesAt' | 'requestId'> & { requestId: string },
    durationMs: number,
  ): Promise<string> {
    const [row] = (await this.dataSource.query(
      `WITH kept AS (
         INSERT INTO sandbox_fax_transmissions (id, request_id, reference, to_number, pages, bytes, result, completes_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
         ON CONFLICT (request_id) DO NOTHING RETURNING id
       )
       SELECT id FROM kept UNION ALL SELECT id FROM sandbox_fax_transmissions WHERE request_id = $2 LIMIT 1`,
      [
        transmission.id,
        transmission.requestId,
        transmission.reference,
        transmission.toNumber,
        transmission.pages,
        transmission.bytes,
        transmission.result,
        durationMs / 1000,
      ],
    )) as Array<{ id: string }>;
    return row!.id;
  }

  /** The transmission kept under this request id, if any. */
  async findByRequest(requestId: string): Promise<SandboxTransmissionState | null> {
    const [row] = (await this.dataSource.query(
      'SELECT id, result, completes_at <= now() AS completed FROM sandbox_fax_transmissions WHERE request_id = $1',
      [requestId],
    )) as SandboxTransmissionState[];
    return row ?? null;
  }

  /** Deletes the transmissions with these references, in the caller's transaction. */
  async deleteByReferences(tx: EntityManager, references: string[]): Promise<void> {
    if (references.length > 0) await tx.query('DELETE FROM sandbox_fax_transmissions WHERE reference = ANY($1::varchar[])', [references]);
  }

  /** How many transmissions with this reference ended (or will end) so. */
  async count(reference: string, result: SandboxFaxResult): Promise<number> {
    return this.dataSource.getRepository(SandboxFaxTransmission).countBy({ reference, result });
  }
}
