import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { escapeLike, type Page, type PageWindow } from '#platform';
import { Partner } from './entities/partner.entity.js';

export interface PartnerListFilter {
  parentId?: number;
  search?: string;
}

@Injectable()
export class PartnersRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get partners() {
    return this.dataSource.getRepository(Partner);
  }

  transaction<T>(work: (tx: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  insert(tx: EntityManager, name: string, parentId: number | null): Promise<Partner> {
    const partners = tx.getRepository(Partner);
    return partners.save(partners.create({ name, parentId }));
  }

  findById(id: number): Promise<Partner | null> {
    return this.partners.findOne({ where: { id } });
  }

  async list(filter: PartnerListFilter, window: PageWindow): Promise<Page<Partner>> {
    const query = this.partners.createQueryBuilder('partner').orderBy('partner.id', 'ASC').offset(window.offset).limit(window.limit);
    if (filter.parentId !== undefined) query.andWhere('partner.parent_id = :parentId', { parentId: filter.parentId });
    if (filter.search) query.andWhere('partner.name ILIKE :search', { search: `%${escapeLike(filter.search)}%` });
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }

  /** Whether `partnerId` sits anywhere below `ancestorId` in the tree (walks up from `partnerId`). */
  async isDescendant(partnerId: number, ancestorId: number): Promise<boolean> {
    const rows: unknown[] = await this.dataSource.query(
      `WITH RECURSIVE chain(id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM partners WHERE id = $1
         UNION ALL
         SELECT p.id, p.parent_id, chain.depth + 1 FROM partners p JOIN chain ON p.id = chain.parent_id WHERE chain.depth < 64
       )
       SELECT 1 FROM chain WHERE id = $2 AND depth > 0 LIMIT 1`,
      [partnerId, ancestorId],
    );
    return rows.length > 0;
  }
}
