import { Injectable } from '@nestjs/common';
import {
  InsurerType,
  type AdminClaimInsurerDto,
  type AdminClaimInsurerListDto,
  type AdminClaimInsurersQueryDto,
  type BankKind,
  type BankListDto,
  type ClaimInsurerDto,
  type ClaimInsurerListDto,
  type JobCodeListDto,
  type PostalCenterListDto,
} from '#contracts';
import { pagedList } from '#platform';
import type { Insurer } from '../insurers/entities/insurer.entity.js';
import { InsurersService } from '../insurers/insurers.service.js';
import { ClaimReferenceErrors } from './claim-reference.errors.js';
import { ClaimReferenceRepository } from './claim-reference.repository.js';

/**
 * The claim reference lists: insurers (the coverage catalogue's, with their claim details), banks,
 * postal payment centres and job codes, as loaded by migration. Claims check their codes here.
 */
@Injectable()
export class ClaimReferenceService {
  constructor(
    private readonly lists: ClaimReferenceRepository,
    private readonly insurerList: InsurersService,
  ) {}

  async insurers(): Promise<ClaimInsurerListDto> {
    const [version, insurers] = await Promise.all([this.lists.currentVersion(), this.insurerList.all()]);
    return { version, data: insurers.map(toClaimInsurerResponse) };
  }

  /** The operators' list: a page of the insurers, searched by name or code, with when an operator last set each fax. */
  insurersForOperators(query: AdminClaimInsurersQueryDto): Promise<AdminClaimInsurerListDto> {
    return pagedList(query, (window) => this.insurerList.page(query.search, window), toAdminClaimInsurerResponse);
  }

  async banks(): Promise<BankListDto> {
    const [version, banks] = await Promise.all([this.lists.currentVersion(), this.lists.banks()]);
    return { version, data: banks.map((bank) => ({ code: bank.code, name: bank.name, kind: bank.kind as BankKind })) };
  }

  async postalCenters(): Promise<PostalCenterListDto> {
    const [version, centers] = await Promise.all([this.lists.currentVersion(), this.lists.postalCenters()]);
    return {
      version,
      data: centers.map((center) => ({ code: center.code, name: center.name, seat: center.seat, regions: center.regions })),
    };
  }

  async jobCodes(): Promise<JobCodeListDto> {
    const [version, jobCodes] = await Promise.all([this.lists.currentVersion(), this.lists.jobCodes()]);
    return { version, data: jobCodes.map((job) => ({ code: job.code, name: job.name, riskGrade: job.riskGrade })) };
  }

  /** An operator's change of where an insurer's claims are faxed; takes effect for the next fax sent. */
  async setClaimsFax(code: string, claimsFax: string | null): Promise<AdminClaimInsurerDto> {
    const insurer = await this.insurerList.setClaimsFax(code, claimsFax);
    if (!insurer) throw ClaimReferenceErrors.insurerNotFound(code);
    return toAdminClaimInsurerResponse(insurer);
  }
}

export function toClaimInsurerResponse(insurer: Insurer): ClaimInsurerDto {
  return {
    code: insurer.code,
    name: insurer.name,
    type: insurer.type === 'LIFE' ? InsurerType.Life : InsurerType.NonLife,
    logoUrl: insurer.logoPath,
    claimsFax: insurer.claimsFax,
    claimsAddress: insurer.claimsAddress,
  };
}

function toAdminClaimInsurerResponse(insurer: Insurer): AdminClaimInsurerDto {
  return { ...toClaimInsurerResponse(insurer), claimsFaxUpdatedAt: insurer.claimsFaxUpdatedAt?.toISOString() ?? null };
}
