import { ApiProperty } from '@nestjs/swagger';

/** What a term is for. */
export enum TermPurpose {
  CoverageAnalysis = 'COVERAGE_ANALYSIS',
  /** The health-data consent an NHIS simple authentication and check-up lookup needs. */
  HealthCheckup = 'HEALTH_CHECKUP',
  /** What a customer agrees to before a planner files an insurance claim for them. */
  Claim = 'CLAIM',
}

/** One version of a term a customer agrees to. A new version is a new id. */
export class TermDto {
  @ApiProperty({ description: 'Id of this version of the term; what `agreedTermIds` names', example: 'coverage-privacy-collection-v1' })
  id!: string;

  @ApiProperty({ type: 'integer', example: 1 })
  version!: number;

  @ApiProperty({ example: '개인정보 수집·이용 동의' })
  title!: string;

  @ApiProperty({ description: 'A verification is refused unless every required term is agreed' })
  required!: boolean;

  @ApiProperty({ description: 'Full text, as shown to the customer (plain text, line breaks kept)' })
  body!: string;

  @ApiProperty({ description: 'Date from which this version applies (YYYY-MM-DD, Korean time)', example: '2026-11-01' })
  effectiveDate!: string;
}

export class TermListDto {
  @ApiProperty({ type: [TermDto], description: 'The versions in force today, in the order they are shown' })
  data!: TermDto[];
}
