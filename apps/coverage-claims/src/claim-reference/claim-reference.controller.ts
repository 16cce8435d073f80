import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { BankListDto, ClaimInsurerListDto, JobCodeListDto, PostalCenterListDto, TermListDto, TermPurpose } from '#contracts';
import { ConditionalGet } from '#platform';
import { BearerAuth } from '../auth/auth.decorators.js';
import { TermsService } from '../terms/terms.service.js';
import { ClaimReferenceService } from './claim-reference.service.js';

const CACHING =
  'Answers carry a strong `ETag` and `Cache-Control: private, no-cache`: send the ETag back in `If-None-Match` and an unchanged list is a 304 without a body.';

@ApiTags('claims')
@BearerAuth()
@Controller('api/v1/claim')
export class ClaimReferenceController {
  constructor(
    private readonly lists: ClaimReferenceService,
    private readonly termsInForce: TermsService,
  ) {}

  @Get('insurers')
  @ConditionalGet()
  @ApiOperation({ summary: 'Insurer list: codes (`insuCompCd`), names, logos and where claims go', description: CACHING })
  @ApiOkResponse({ type: ClaimInsurerListDto })
  insurers(): Promise<ClaimInsurerListDto> {
    return this.lists.insurers();
  }

  @Get('banks')
  @ConditionalGet()
  @ApiOperation({ summary: 'Bank list: 금융결제원 codes (`bankCd`) of banks and second-tier institutions', description: CACHING })
  @ApiOkResponse({ type: BankListDto })
  banks(): Promise<BankListDto> {
    return this.lists.banks();
  }

  @Get('postal-centers')
  @ConditionalGet()
  @ApiOperation({ summary: 'Postal payment center list: 우체국보험 regional claims centres', description: CACHING })
  @ApiOkResponse({ type: PostalCenterListDto })
  postalCenters(): Promise<PostalCenterListDto> {
    return this.lists.postalCenters();
  }

  @Get('job-codes')
  @ConditionalGet()
  @ApiOperation({ summary: 'Job code list (`jobCd`) with injury risk grades', description: CACHING })
  @ApiOkResponse({ type: JobCodeListDto })
  jobCodes(): Promise<JobCodeListDto> {
    return this.lists.jobCodes();
  }

  @Get('terms')
  @ConditionalGet()
  @ApiOperation({
    summary: 'Terms lookup: the terms a customer agrees to before a claim is filed for them',
    description: `The versions in force today, in display order; every one is required. ${CACHING}`,
  })
  @ApiOkResponse({ type: TermListDto })
  terms(): Promise<TermListDto> {
    return this.termsInForce.list(TermPurpose.Claim);
  }
}
