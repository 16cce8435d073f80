import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity.js';
import { escapeLike } from '#platform';
import { Organisation } from './entities/organisation.entity.js';

export interface OrganisationListFilter {
  search?: string;
  offset: number;
  limit: number;
}

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

  list(filter: OrganisationListFilter): Promise<[Organisation[], number]> {
    const query = this.organisations
      .createQueryBuilder('organisation')
      .orderBy('organisation.name', 'ASC')
      .addOrderBy('organisation.id', 'ASC')
      .offset(filter.offset)
      .limit(filter.limit);
    if (filter.search) query.andWhere('organisation.name ILIKE :search', { search: `%${escapeLike(filter.search)}%` });
    return query.getManyAndCount();
  }

  /** Applies the changes and returns the organisation as it now is; null when it does not exist. */
  async update(id: string, changes: OrganisationChanges): Promise<Organisation | null> {
    if (Object.keys(changes).length > 0) await this.organisations.update({ id }, changes as QueryDeepPartialEntity<Organisation>);
    return this.findById(id);
  }
}
