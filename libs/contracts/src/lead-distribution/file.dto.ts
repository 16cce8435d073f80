import { ApiPropertyOptional, ApiSchema } from '@nestjs/swagger';
import { IsOptional } from 'class-validator';
import { PresignFileFields } from '../common/file.dto.js';
import { INT_ID_SCHEMA, IsIntId } from '../common/validators.js';

@ApiSchema({ name: 'PresignedRequest' })
export class PresignedRequestDto extends PresignFileFields {
  @ApiPropertyOptional({
    ...INT_ID_SCHEMA,
    description: "Partner the file belongs to; a partner key's own partner when omitted",
    example: 1,
  })
  @IsOptional()
  @IsIntId()
  partnerId?: number;
}
