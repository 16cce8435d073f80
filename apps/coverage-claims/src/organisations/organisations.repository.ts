import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { escapeLike, type Page, type PageWindow } from '#platform';
import { Organisation } from './entities/organisation.entity.js';

export interface OrganisationChanges {
  name?: string;
  redirectUris?: string[];
  ssoSecretCiphertext?: Buffer;
  ssoSecretKeyId?: string;
  ssoSecretIssuedAt?: Date;
}

@Injectable()
export class OrganisationsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private get organisations() {
    return this.dataSource.getRepository(Organisation);
  }

  async insert(organisation: Organisation): Promise<Organisation> {
    await this.organisations.insert(organisation as QueryDeepPartialEntity<Organisation>);
    return (await this.findById(organisation.id))!;
  }

  findById(id: string): Promise<Organisation | null> {
    return this.organisations.findOne({ where: { id } });
  }

  async list(search: string | undefined, window: PageWindow): Promise<Page<Organisation>> {
    const query = this.organisations
      .createQueryBuilder('organisation')
      .orderBy('organisation.name', 'ASC')
      .addOrderBy('organisation.id', 'ASC')
      .offset(window.offset)
      .limit(window.limit);
    if (search) query.andWhere('organisation.name ILIKE :search', { search: `%${escapeLike(search)}%` });
    const [rows, total] = await query.getManyAndCount();
    return { rows, total };
  }

  /** Applies the changes and returns the organisation as it now is; null when it does not exist. */
  async update(id: string, changes: OrganisationChanges): Promise<Organisation | null> {
    if (Object.keys(changes).length > 0) await this.organisations.update({ id }, changes as QueryDeepPartialEntity<Organisation>);
    return this.findById(id);
  }
}
