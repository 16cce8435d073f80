import { Injectable } from '@nestjs/common';
import type { CreatePartnerDto, ListPartnersQueryDto, PartnerDto, PartnerListDto } from '#contracts';
import { pagedList, settleIdempotentAnswer } from '#platform';
import type { Partner } from './entities/partner.entity.js';
import { PartnerErrors } from './partners.errors.js';
import { PartnersRepository } from './partners.repository.js';

@Injectable()
export class PartnersService {
  constructor(private readonly partners: PartnersRepository) {}

  async create(input: CreatePartnerDto): Promise<PartnerDto> {
    const parentId = input.parentId ?? null;
    if (parentId !== null && !(await this.partners.findById(parentId))) throw PartnerErrors.parentNotFound(parentId);
    // The answer to an Idempotency-Key commits with the partner (settleIdempotentAnswer).
    return this.partners.transaction(async (tx) => {
      const answer = toPartnerResponse(await this.partners.insert(tx, input.name, parentId));
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }

  list(query: ListPartnersQueryDto): Promise<PartnerListDto> {
    return pagedList(query, (window) => this.partners.list({ parentId: query.parentId, search: query.search }, window), toPartnerResponse);
  }

  async exists(id: number): Promise<boolean> {
    return (await this.partners.findById(id)) !== null;
  }

  /** Whether `partnerId` is below `ancestorId` in the partner tree. */
  isDescendant(partnerId: number, ancestorId: number): Promise<boolean> {
    return this.partners.isDescendant(partnerId, ancestorId);
  }

  async get(id: number): Promise<PartnerDto> {
    const partner = await this.partners.findById(id);
    if (!partner) throw PartnerErrors.notFound(id);
    return toPartnerResponse(partner);
  }
}

export function toPartnerResponse(partner: Partner): PartnerDto {
  return { id: partner.id, name: partner.name, parentId: partner.parentId, createdAt: partner.createdAt.toISOString() };
}
