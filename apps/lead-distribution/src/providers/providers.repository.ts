import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Provider } from './entities/provider.entity.js';

@Injectable()
export class ProvidersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Inserts the provider; false when the id is taken. */
  async insertIfAbsent(provider: Provider): Promise<boolean> {
    const result = await this.dataSource
      .createQueryBuilder()
      .insert()
      .into(Provider)
      .values(provider)
      .orIgnore()
      .returning(['created_at'])
      .execute();
    return result.raw.length > 0;
  }

  findById(id: string): Promise<Provider | null> {
    return this.dataSource.getRepository(Provider).findOne({ where: { id } });
  }
}
