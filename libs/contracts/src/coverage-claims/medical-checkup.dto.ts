import { ApiProperty } from '@nestjs/swagger';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsString, IsUUID, MaxLength, ValidateIf } from 'class-validator';

/** The apps a customer approves an NHIS simple authentication in (간편인증). */
export enum NhisAuthProvider {
  Kakao = 'KAKAO',
  Naver = 'NAVER',
  Pass = 'PASS',
  Toss = 'TOSS',
  SamsungPass = 'SAMSUNG_PASS',
  Kb = 'KB',
  Payco = 'PAYCO',
  Shinhan = 'SHINHAN',
}

/** The customer's mobile carrier, which PASS needs (알뜰폰 carriers ride on the three networks). */
export enum Telecom {
  Skt = 'SKT',
  Kt = 'KT',
  Lgu = 'LGU',
  SktMvno = 'SKT_MVNO',
  KtMvno = 'KT_MVNO',
  LguMvno = 'LGU_MVNO',
}

export enum NhisAuthStatus {
  /** Waiting for the customer to approve in their app. */
  Pending = 'PENDING',
  /** Approved and completed: check-ups may be looked up until `checkupsAllowedUntil`. */
  Completed = 'COMPLETED',
  /** The customer refused in their app. */
  Refused = 'REFUSED',
}

/** The judgement bands of the 결과 통보서, as `band` spells them (the app's CheckupBand). */
export const CHECKUP_BANDS = ['NORMAL_A', 'NORMAL_B', 'DISEASE_SUSPECTED'] as const;

export class RequestNhisAuthDto {
  @ApiProperty({ format: 'uuid', description: 'The customer (from a verification); yours, or any of the organisation for an ORG_ADMIN' })
  @IsUUID()
  customerId!: string;

  @ApiProperty({ enum: NhisAuthProvider, enumName: 'NhisAuthProvider', description: 'The app the customer approves in' })
  @IsIn(Object.values(NhisAuthProvider))
  provider!: NhisAuthProvider;

  @ApiProperty({
    enum: Telecom,
    enumName: 'Telecom',
    required: false,
    description: "The customer's mobile carrier: required with PASS, ignored otherwise",
  })
  @ValidateIf(
    (body: RequestNhisAuthDto) => body.provider === NhisAuthProvider.Pass || (body.telecom !== undefined && body.telecom !== null),
  )
  @IsIn(Object.values(Telecom), { message: 'must be one of SKT, KT, LGU, SKT_MVNO, KT_MVNO, LGU_MVNO (required with PASS)' })
  telecom?: Telecom;

  @ApiProperty({
    type: [String],
    description:
      'Ids of the terms the customer agreed to (`GET /api/v1/medical-bojang/terms`); the health-data consent (민감정보 수집·이용 동의) is required',
    example: ['medical-health-checkup-v1'],
    maxItems: 20,
  })
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique({ message: 'must not name a term twice' })
  @IsString({ each: true })
  @MaxLength(64, { each: true })
  agreedTermIds!: string[];
}

/** The request went to the customer's app: they approve there, then `complete`. */
export class NhisAuthDto {
  @ApiProperty({ format: 'uuid', description: 'Complete with `POST /api/v1/medical-bojang/nhis-auth/{id}/complete`' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  customerId!: string;

  @ApiProperty({ enum: NhisAuthProvider, enumName: 'NhisAuthProvider' })
  provider!: NhisAuthProvider;

  @ApiProperty({ enum: NhisAuthStatus, enumName: 'NhisAuthStatus', example: NhisAuthStatus.Pending })
  status!: NhisAuthStatus;

  @ApiProperty({ format: 'date-time', description: 'The customer must approve and you must complete before then (270 s)' })
  expiresAt!: string;
}

export class NhisAuthCompletedDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ enum: NhisAuthStatus, enumName: 'NhisAuthStatus', example: NhisAuthStatus.Completed })
  status!: NhisAuthStatus;

  @ApiProperty({ format: 'date-time', description: 'Check-ups may be looked up with this authentication until then (10 minutes)' })
  checkupsAllowedUntil!: string;
}

export class LookupCheckupsDto {
  @ApiProperty({ format: 'uuid', description: 'A completed NHIS simple authentication, within its 10 minutes' })
  @IsUUID()
  nhisAuthId!: string;
}

export class CheckupMeasurementDto {
  @ApiProperty({ description: 'Measurement code (docs/sources/checkup-reference-ranges.md)', example: 'FASTING_GLUCOSE' })
  code!: string;

  @ApiProperty({ description: 'Korean name as the 결과 통보서 writes it', example: '공복혈당' })
  name!: string;

  @ApiProperty({
    oneOf: [{ type: 'number' }, { type: 'string' }],
    description: 'A number for measured values; a word for qualitative ones (요단백 `음성`, 흉부촬영 `정상`)',
    example: 104,
  })
  value!: number | string;

  @ApiProperty({ type: 'string', nullable: true, description: 'Unit; null for qualitative values and vision', example: 'mg/dL' })
  unit!: string | null;

  @ApiProperty({
    type: 'string',
    enum: CHECKUP_BANDS,
    nullable: true,
    description: 'Judgement band from the reference-range table; null where it judges nothing (height, weight, vision)',
  })
  band!: (typeof CHECKUP_BANDS)[number] | null;

  @ApiProperty({ type: 'string', nullable: true, description: '정상A, 정상B(경계) or 질환의심', example: '정상B(경계)' })
  bandLabel!: string | null;
}

export class CheckupDto {
  @ApiProperty({ type: 'integer', example: 2025 })
  year!: number;

  @ApiProperty({ description: 'YYYY-MM-DD', example: '2025-05-14' })
  examinedOn!: string;

  @ApiProperty({ description: 'The examining institution; may be empty', example: '서울내과의원' })
  institution!: string;

  @ApiProperty({ type: [CheckupMeasurementDto] })
  measurements!: CheckupMeasurementDto[];
}

export class CheckupsDto {
  @ApiProperty({ format: 'uuid' })
  customerId!: string;

  @ApiProperty({ format: 'date-time' })
  retrievedAt!: string;

  @ApiProperty({ description: 'Version of the reference-range table the bands come from', example: '2026-11' })
  referenceVersion!: string;

  @ApiProperty({
    type: [CheckupDto],
    description: 'Oldest year first, at most 10 years; empty when the NHIS holds no check-up of the customer',
  })
  checkups!: CheckupDto[];
}
