import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { Allow, IsObject, IsUUID, ValidateNested } from 'class-validator';
import { CoverageAnalysisDto } from './coverage-analysis.dto.js';
import { CoverageInsightsDto } from './coverage-insights.dto.js';

// The medical coverage analysis: POST /api/v1/medical-bojang/set-analysis and the two report
// operations' body. Rules: docs/decisions/medical-analysis.md.

const SEQ = {
  description:
    'The `seq` of a coverage analysis (`POST /api/v1/coverage/analyses`) the caller may see: their own for a planner, any of the organisation for an ORG_ADMIN',
  format: 'uuid',
  example: '019ab3c4-5d6e-7f80-9a1b-2c3d4e5f6a7b',
} as const;

/** The spec's set-analysis body: `seq` and the coverage analysis payload, every field as the spec spells it. */
export class SetAnalysisDto {
  @ApiProperty(SEQ)
  @IsUUID('all', { message: 'must be the seq (a UUID) of a coverage analysis' })
  seq!: string;

  @ApiProperty({
    type: CoverageAnalysisDto,
    description:
      'The coverage analysis payload (the `analysis` of `POST /api/v1/coverage/analyses`), validated at every level; a field error names its path, array items by index: `analysis.coverages.3.amount`',
  })
  @IsObject()
  @ValidateNested()
  @Type(() => CoverageAnalysisDto)
  analysis!: CoverageAnalysisDto;

  @ApiPropertyOptional({
    type: CoverageInsightsDto,
    nullable: true,
    description:
      'Accepted and ignored, so that the answer of the coverage-analysis result operation can be sent as it is (the spec’s body is `seq` and `analysis`); the medical analysis reads only `analysis`',
  })
  @Allow()
  insights?: unknown;
}

export class SetAnalysisResultDto {
  @ApiProperty(SEQ)
  seq!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When the payload was stored; a later set-analysis for the same seq replaces it',
    example: '2026-11-21T09:31:00.000Z',
  })
  receivedAt!: string;
}

/** The body of both report operations. */
export class MedicalReportRequestDto {
  @ApiProperty(SEQ)
  @IsUUID('all', { message: 'must be the seq (a UUID) of a coverage analysis' })
  seq!: string;
}
