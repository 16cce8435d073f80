import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { ValidateBy, type ValidationOptions } from 'class-validator';
import { PaginationDto, SearchPageQueryDto } from '../common/pagination.dto.js';

/**
 * A Korean fax number as digits: Seoul 02 and the 시·도 area codes with 7 or 8 more digits, 070
 * internet numbers, and 050x personal numbers (which insurers use for claims).
 */
export const KOREAN_FAX_DIGITS = /^(?:02\d{7,8}|0(?:3[1-3]|4[1-4]|5[1-5]|6[1-4])\d{7,8}|070\d{8}|050\d{8,9})$/;

export const isKoreanFaxDigits = (value: unknown): value is string => typeof value === 'string' && KOREAN_FAX_DIGITS.test(value);

/** Hyphens and spaces between the digits are dropped: `0505-161-1201` is `05051611201`. */
export const FaxDigits = () =>
  Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' && /^[\d\s-]*$/.test(value) ? value.replace(/[\s-]/g, '') : value,
  );

const IsFaxOrNull = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isFaxOrNull',
      validator: {
        validate: (value: unknown) => value === null || isKoreanFaxDigits(value),
        defaultMessage: () =>
          'must be a Korean fax number (02, a 시·도 area code, 070 or 050x, then the subscriber digits; hyphens allowed) or null',
      },
    },
    options,
  );

/** One version of the claim reference lists: every list answer names it. */
const VERSION_DOC = { description: 'Version of the claim reference lists in force', example: '2026.11' };

export enum InsurerType {
  Life = 'LIFE',
  NonLife = 'NON_LIFE',
}

export class ClaimInsurerDto {
  @ApiProperty({ description: 'Insurer code (`insuCompCd`); the same codes as coverage analyses', example: 'N03' })
  code!: string;

  @ApiProperty({ example: 'DB손해보험' })
  name!: string;

  @ApiProperty({ enum: InsurerType, enumName: 'InsurerType', description: '생명보험 (LIFE) or 손해보험 (NON_LIFE)' })
  type!: InsurerType;

  @ApiProperty({
    description: 'Logo, as a URL relative to where the front end serves insurer logos',
    example: '/assets/insurers/N03.png',
  })
  logoUrl!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Fax number claims are sent to, digits; null while unknown (claims to the insurer cannot be faxed)',
    example: '05051811234',
  })
  claimsFax!: string | null;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Where claim documents are posted',
    example: '서울특별시 강남구 테헤란로 432 DB손해보험 장기보험 보상 담당',
  })
  claimsAddress!: string | null;
}

export class ClaimInsurerListDto {
  @ApiProperty(VERSION_DOC)
  version!: string;

  @ApiProperty({ type: [ClaimInsurerDto], description: 'Life insurers first, then non-life, each in catalogue order' })
  data!: ClaimInsurerDto[];
}

export class AdminClaimInsurersQueryDto extends SearchPageQueryDto({
  description: 'Partial match on the name or the code (any case)',
  maxLength: 50,
  example: 'DB',
}) {}

/** An insurer as operators see it: the planners' item, and when an operator last set its claims fax. */
export class AdminClaimInsurerDto extends ClaimInsurerDto {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When an operator last set `claimsFax` (null: as the reference lists loaded it)',
  })
  claimsFaxUpdatedAt!: string | null;
}

export class AdminClaimInsurerListDto {
  @ApiProperty({ type: [AdminClaimInsurerDto], description: 'Life insurers first, then non-life, each in catalogue order' })
  data!: AdminClaimInsurerDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class UpdateClaimInsurerDto {
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'The fax number claims to this insurer go to from now on (hyphens allowed); null stops faxing until one is set',
    example: '0505-181-1234',
  })
  @FaxDigits()
  @IsFaxOrNull()
  claimsFax!: string | null;
}

export enum BankKind {
  Bank = 'BANK',
  SecondTier = 'SECOND_TIER',
}

export class BankDto {
  @ApiProperty({ description: '금융결제원 3-digit institution code (`bankCd`)', example: '004' })
  code!: string;

  @ApiProperty({ example: 'KB국민은행' })
  name!: string;

  @ApiProperty({ enum: BankKind, enumName: 'BankKind', description: '은행 (BANK) or 제2금융권: 상호금융, 저축은행, 우체국 (SECOND_TIER)' })
  kind!: BankKind;
}

export class BankListDto {
  @ApiProperty(VERSION_DOC)
  version!: string;

  @ApiProperty({ type: [BankDto], description: 'Banks first, then second-tier institutions' })
  data!: BankDto[];
}

export class PostalCenterDto {
  @ApiProperty({ example: 'P04' })
  code!: string;

  @ApiProperty({ example: '충청지방우정청' })
  name!: string;

  @ApiProperty({ description: 'City the centre is in', example: '대전' })
  seat!: string;

  @ApiProperty({ type: [String], description: 'The 시·도 it serves (short names)', example: ['대전', '세종', '충북', '충남'] })
  regions!: string[];
}

export class PostalCenterListDto {
  @ApiProperty(VERSION_DOC)
  version!: string;

  @ApiProperty({ type: [PostalCenterDto] })
  data!: PostalCenterDto[];
}

export class JobCodeDto {
  @ApiProperty({ description: 'Job code (`jobCd`): a 한국표준직업분류 중분류 code, or X1–X4 for statuses it has none for', example: '31' })
  code!: string;

  @ApiProperty({ example: '경영 및 회계 관련 사무직' })
  name!: string;

  @ApiProperty({ type: 'integer', enum: [1, 2, 3], description: 'Injury risk grade (상해위험등급): 1 lowest, 3 highest', example: 1 })
  riskGrade!: number;
}

export class JobCodeListDto {
  @ApiProperty(VERSION_DOC)
  version!: string;

  @ApiProperty({ type: [JobCodeDto] })
  data!: JobCodeDto[];
}
