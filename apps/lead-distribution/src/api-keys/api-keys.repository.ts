import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, IsNull } from 'typeorm';
import { ApiKey } from './entities/api-key.entity.js';

@Injectable()
export class ApiKeysRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get keys() {
    return this.dataSource.getRepository(ApiKey);
  }

  insert(key: ApiKey): Promise<ApiKey> {
    return this.keys.save(key);
  }

  findActiveByHash(keyHash: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { keyHash, revokedAt: IsNull() } });
  }

  findById(id: string): Promise<ApiKey | null> {
    return this.keys.findOne({ where: { id } });
  }

  listForPartner(partnerId: number): Promise<ApiKey[]> {
    return this.keys.find({ where: { partnerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  listForProvider(providerId: string): Promise<ApiKey[]> {
    return this.keys.find({ where: { providerId }, order: { createdAt: 'ASC', id: 'ASC' } });
  }

  /**
   * Marks the key revoked (keeping the first revocation time) and, in the same transaction, notifies
   * `channel` with the key's hash so every instance drops it from its cache on commit.
   */
  async revoke(id: string, channel: string): Promise<ApiKey | null> {
    return this.dataSource.transaction(async (tx) => {
      await tx.query(`UPDATE api_keys SET revoked_at = coalesce(revoked_at, now()) WHERE id = $1`, [id]);
      const key = await tx.getRepository(ApiKey).findOne({ where: { id } });
      if (key) await tx.query(`SELECT pg_notify($1, $2)`, [channel, key.keyHash]);
      return key;
    });
  }
}
