import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { escapeLike, type Page, type PageWindow } from '#platform';
import { Provider } from './entities/provider.entity.js';

@Injectable()
export class ProvidersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Inserts the provider; false when the id is taken. */
  async insertIfAbsent(tx: EntityManager, provider: Provider): Promise<boolean> {
    const result = await tx.createQueryBuilder().insert().into(Provider).values(provider).orIgnore().returning(['created_at']).execute();
    return result.raw.length > 0;
  }

  findById(id: string, manager: EntityManager = this.dataSource.manager): Promise<Provider | null> {
    return manager.getRepository(Provider).findOne({ where: { id } });
  }

  /** Providers by name, filtered by a partial name. */
  async list(search: string | undefined, window: PageWindow): Promise<Page<Provider>> {
    const query = this.dataSource
      .getRepository(Provider)
      .createQueryBuilder('provider')
      .orderBy('provider.name', 'ASC')
      .addOrderBy('provider.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit);
    if (search) query.andWhere('provider.name ILIKE :search', { search: `%${escapeLike(search)}%` });
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }
}
