import { ApiProperty } from '@nestjs/swagger';
import { Gender } from '../lead-distribution/lead.dto.js';

/** A term version the customer agreed to, when, and through which planner. */
export class CustomerConsentDto {
  @ApiProperty({ example: 'coverage-privacy-collection-v1' })
  termId!: string;

  @ApiProperty({ type: 'integer', example: 1 })
  version!: number;

  @ApiProperty({ example: '개인정보 수집·이용 동의' })
  title!: string;

  @ApiProperty()
  required!: boolean;

  @ApiProperty({ format: 'date-time' })
  agreedAt!: string;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The planner who took the consent; null once that user is deleted',
  })
  plannerId!: string | null;

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The verification request the consent came with' })
  verificationId!: string | null;
}

/** A customer of the organisation: a person a planner analyses or files a claim for. */
export class CustomerDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: 'integer',
    description: "The customer's integer number, given once and never reused: `customer_id` in coverage analyses",
    example: 1042,
  })
  number!: number;

  @ApiProperty({ example: '홍길동' })
  name!: string;

  @ApiProperty({ description: 'YYYYMMDD', example: '19850314' })
  birthDate!: string;

  @ApiProperty({
    enum: Gender,
    enumName: 'Gender',
    nullable: true,
    type: String,
    description: 'Null until a confirmed verification states it (a customer first recorded by a claim: the claim form has no gender)',
  })
  gender!: Gender | null;

  @ApiProperty({ description: 'Mobile phone, digits only', example: '01012345678' })
  phone!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Connecting information (CI) when an identity source has given it; null until then',
  })
  ci!: string | null;

  @ApiProperty({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'The planner who created the customer; null once that user is deleted',
  })
  plannerId!: string | null;

  @ApiProperty({ type: [CustomerConsentDto], description: 'Every consent recorded, oldest first' })
  consents!: CustomerConsentDto[];

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}
