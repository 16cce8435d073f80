import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { escapeLike } from '#platform';
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

  /** Providers by name, filtered by a partial name. */
  list(filter: { search?: string; offset: number; limit: number }): Promise<[Provider[], number]> {
    const query = this.dataSource
      .getRepository(Provider)
      .createQueryBuilder('provider')
      .orderBy('provider.name', 'ASC')
      .addOrderBy('provider.id', 'ASC')
      .offset(filter.offset)
      .limit(filter.limit);
    if (filter.search) query.andWhere('provider.name ILIKE :search', { search: `%${escapeLike(filter.search)}%` });
    return query.getManyAndCount();
  }
}
