import { ApiProperty, ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';

export class FieldErrorDto {
  @ApiProperty({ example: 'limit' })
  field!: string;

  @ApiProperty({ example: 'must not be greater than 100' })
  message!: string;
}

/** RFC 9457 problem details: the body of every error response of both services. */
@ApiSchema({ name: 'ErrorResponse' })
export class ProblemDto {
  @ApiProperty({ example: 'urn:problem:validation-failed' })
  type!: string;

  @ApiProperty({ example: 'Bad Request' })
  title!: string;

  @ApiProperty({ example: 400 })
  status!: number;

  @ApiProperty({ example: 'Invalid request: limit' })
  detail!: string;

  @ApiProperty({ description: 'Stable machine-readable code (UPPER_SNAKE)', example: 'VALIDATION_FAILED' })
  code!: string;

  @ApiPropertyOptional({ type: [FieldErrorDto], description: 'Present for validation failures: one entry per offending field' })
  errors?: FieldErrorDto[];

  @ApiPropertyOptional({
    type: 'integer',
    description:
      'Extension member of VERIFICATION_CODE_INVALID and ANALYSIS_STEP_CODE_INVALID: wrong numbers or codes still accepted before the verification locks or the continuation ends',
    example: 4,
  })
  attemptsLeft?: number;

  @ApiProperty({
    description: 'Echo of X-Request-Id (or the id generated for the request)',
    example: '0192f7a4-3c1e-7b7a-9d7e-5b0c2a1f4e10',
  })
  requestId!: string;
}
