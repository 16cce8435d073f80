import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsNotEmpty,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { PaginationDto, SearchPageQueryDto } from '../common/pagination.dto.js';
import { Trim } from '../common/transforms.js';
import { IsOmittable } from '../common/validators.js';

export const MAX_REDIRECT_URIS = 20;
export const MAX_REDIRECT_URI_LENGTH = 2048;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A redirect URI an organisation may register: an absolute https URL (http only on a loopback host,
 * for development), without fragment or user info. Sign-in compares it to the one sent, character
 * for character.
 */
export function isRegistrableRedirectUri(value: unknown): boolean {
  if (typeof value !== 'string' || value.length > MAX_REDIRECT_URI_LENGTH || !URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.hash !== '' || value.includes('#') || url.username !== '' || url.password !== '') return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

const IsRedirectUri = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isRedirectUri',
      validator: {
        validate: (value: unknown) => isRegistrableRedirectUri(value),
        defaultMessage: () =>
          `each must be an absolute https URL (http only on localhost) of at most ${MAX_REDIRECT_URI_LENGTH} characters, without fragment`,
      },
    },
    options,
  );

const REDIRECT_URIS_DOC = {
  type: String,
  isArray: true,
  description: 'Where sign-in may send the browser back (exact match); https, or http on localhost for development',
  example: ['https://planner.example.com/sso/callback'],
  maxItems: MAX_REDIRECT_URIS,
};

export class CreateOrganisationDto {
  @ApiProperty({ example: '한빛 에셋 보험대리점', maxLength: 100 })
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiProperty({ ...REDIRECT_URIS_DOC, minItems: 1 })
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REDIRECT_URIS)
  @ArrayUnique()
  @IsRedirectUri({ each: true })
  redirectUris!: string[];
}

export class UpdateOrganisationDto {
  @ApiPropertyOptional({ example: '한빛 에셋 보험대리점', maxLength: 100 })
  @IsOmittable()
  @Trim()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name?: string;

  @ApiPropertyOptional({ ...REDIRECT_URIS_DOC, minItems: 1, description: `${REDIRECT_URIS_DOC.description}; replaces the list` })
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_REDIRECT_URIS)
  @ArrayUnique()
  @IsRedirectUri({ each: true })
  redirectUris?: string[];
}

export class ListOrganisationsQueryDto extends SearchPageQueryDto({ description: 'Partial match on the name', maxLength: 100 }) {}

export class OrganisationDto {
  @ApiProperty({ format: 'uuid', description: 'Also the `iss` of the SSO assertions the organisation signs' })
  id!: string;

  @ApiProperty({ example: '한빛 에셋 보험대리점' })
  name!: string;

  @ApiProperty({ type: [String], example: ['https://planner.example.com/sso/callback'] })
  redirectUris!: string[];

  @ApiProperty({ format: 'date-time', description: 'When the current SSO secret was issued' })
  ssoSecretIssuedAt!: string;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** Returned at creation and at secret rotation: the only times the SSO secret is shown. */
export class OrganisationWithSecretDto extends OrganisationDto {
  @ApiProperty({
    description:
      'HS256 key the organisation signs SSO assertions with (its UTF-8 bytes, as given). Shown only here; it is stored encrypted.',
    example: 'm3Yq9v0c2JX4tqkz7d2xS8wHf1pL5nR6bE0aU9yT3gK',
  })
  ssoSecret!: string;
}

export class OrganisationListDto {
  @ApiProperty({ type: [OrganisationDto] })
  data!: OrganisationDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}
