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

  /** Marks the key revoked (keeping the first revocation time when it already was). */
  async revoke(id: string): Promise<ApiKey | null> {
    await this.keys
      .createQueryBuilder()
      .update()
      .set({ revokedAt: () => 'now()' })
      .where('id = :id AND revoked_at IS NULL', { id })
      .execute();
    return this.findById(id);
  }
}
