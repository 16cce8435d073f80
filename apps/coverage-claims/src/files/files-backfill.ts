import { Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { fieldCipherOf, type FieldCipher } from '#platform';
import { CoverageClaimsConfig } from '../config/coverage-claims.config.js';
import { FilesRepository } from './files.repository.js';

const BATCH = 500;

/**
 * Seals, at start-up, the names of files presigned before names were sealed (`original_name` in
 * clear), in batches locked SKIP LOCKED, and empties the clear column. A replica of the previous
 * release may still presign such files during a rolling update: the next start takes them.
 */
@Injectable()
export class FilesBackfill implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('FilesBackfill');
  private readonly cipher: FieldCipher;

  constructor(
    private readonly files: FilesRepository,
    config: CoverageClaimsConfig,
  ) {
    this.cipher = fieldCipherOf(config);
  }

  private running: Promise<unknown> | undefined;
  private stopped = false;

  onApplicationBootstrap(): void {
    this.running = this.run().catch((error: unknown) =>
      this.logger.error({ error: error instanceof Error ? error.message : String(error) }, 'Sealing older file names failed'),
    );
  }

  /** Stops between batches, before the database pool closes. */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.running;
  }

  /** Seals every clear name; how many. */
  async run(): Promise<number> {
    let sealed = 0;
    while (!this.stopped) {
      const done = await this.files.transaction(async (tx) => {
        const rows = await this.files.lockLegacyNames(tx, BATCH);
        for (const row of rows) {
          const name = this.cipher.seal(row.originalName);
          await this.files.sealName(tx, row.id, name.keyId, name.ciphertext);
        }
        return rows.length;
      });
      sealed += done;
      if (done < BATCH) break;
    }
    if (sealed > 0) this.logger.log({ files: sealed }, 'Older file names sealed');
    return sealed;
  }
}
