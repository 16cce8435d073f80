import { ApiProperty, ApiPropertyOptional, ApiSchema, getSchemaPath } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsIn,
  IsOptional,
  IsString,
  MaxLength,
  ValidateBy,
  type ValidationOptions,
} from 'class-validator';
import { PageQueryDto, PaginationDto } from '../common/pagination.dto.js';
import { QueryInt, Trim } from '../common/transforms.js';
import { INT_ID_SCHEMA, IsIntId, IsOmittable, IsTimestamp } from '../common/validators.js';
import { PartnerBodyDto } from './lead.dto.js';
import { WEBHOOK_EVENT_SCHEMAS } from './webhook-event.dto.js';
import { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_TEST_EVENT, WebhookEventType } from './webhook-event-type.js';

export { WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_TEST_EVENT, WebhookEventType } from './webhook-event-type.js';

/** Every type a delivery can carry: the subscribable ones and the test event. */
export const WEBHOOK_DELIVERED_EVENT_TYPES = [...WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, WEBHOOK_TEST_EVENT] as const;

export enum WebhookDeliveryStatus {
  Pending = 'PENDING',
  Delivered = 'DELIVERED',
  Failed = 'FAILED',
}

export enum WebhookAttemptOutcome {
  Success = 'SUCCESS',
  HttpError = 'HTTP_ERROR',
  Timeout = 'TIMEOUT',
  NetworkError = 'NETWORK_ERROR',
  BlockedAddress = 'BLOCKED_ADDRESS',
}

export const MAX_WEBHOOK_URL_LENGTH = 2048;
export const MAX_WEBHOOK_EVENT_TYPES = WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.length;
export const MAX_WEBHOOK_DESCRIPTION_LENGTH = 500;
export const MAX_WEBHOOK_ENDPOINTS_PER_PARTNER = 20;

/**
 * What a URL parser would quietly repair or read another way, refused as sent: spaces and control
 * characters anywhere (the WHATWG parser strips them at the ends and drops tabs and newlines inside),
 * backslashes (read as slashes), a scheme not followed by exactly `//`, and an `@` before the host (an
 * empty user part).
 */
const STRICT_URL = /^https?:\/\/[^/?#@]/i;
/** A space, an ASCII control character or a backslash. */
const isRefusedCharacter = (character: string) => character <= ' ' || character === '\u007f' || character === '\\';

/**
 * The shape of an endpoint URL: absolute http(s) written strictly (see STRICT_URL), at most 2048
 * characters, without user info or fragment. Whether its host may be reached (and https in
 * production) is the service's check; what it stores is `normalizeWebhookUrl(value)`.
 */
export function isWebhookUrlShape(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > MAX_WEBHOOK_URL_LENGTH || !URL.canParse(value)) return false;
  if ([...value].some(isRefusedCharacter) || !STRICT_URL.test(value)) return false;
  const authority = value.slice(value.indexOf('//') + 2).split(/[/?#]/, 1)[0]!;
  if (authority.includes('@')) return false;
  const url = new URL(value);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
  return url.hostname !== '' && url.username === '' && url.password === '' && url.hash === '' && !value.includes('#');
}

/**
 * The URL as stored, answered and delivered to: the WHATWG serialisation of a URL that passed
 * isWebhookUrlShape (scheme and host lower-cased, default port dropped, dot segments resolved,
 * non-ASCII percent-encoded). It must also be at most MAX_WEBHOOK_URL_LENGTH (encoding lengthens).
 */
export function normalizeWebhookUrl(value: string): string {
  return new URL(value).href;
}

const IsWebhookUrl = (options?: ValidationOptions) =>
  ValidateBy(
    {
      name: 'isWebhookUrl',
      validator: {
        validate: isWebhookUrlShape,
        defaultMessage: () =>
          `must be an absolute https URL (scheme, then //) of at most ${MAX_WEBHOOK_URL_LENGTH} characters, without spaces, control characters, backslashes, user part or fragment`,
      },
    },
    options,
  );

const URL_DOC = {
  format: 'uri',
  maxLength: MAX_WEBHOOK_URL_LENGTH,
  example: 'https://crm.example.com/webhooks/lead-distribution',
  description:
    'Where deliveries are POSTed: https (http is refused in production), written strictly (`https://` then the host; no spaces, tabs, newlines, backslashes, user part or fragment). Stored and answered normalised (the URL deliveries go to). Its host must not be or resolve to a loopback, private, link-local or metadata address (checked here and again at every delivery).',
} as const;

const EVENT_TYPES_DOC = {
  enum: WEBHOOK_SUBSCRIBABLE_EVENT_TYPES,
  isArray: true,
  minItems: 1,
  maxItems: MAX_WEBHOOK_EVENT_TYPES,
  uniqueItems: true,
  example: [WebhookEventType.LeadAssigned, WebhookEventType.LeadAsReviewed],
  description: 'The events delivered to it (GET /api/v1/webhooks/event-types), each once',
} as const;

const EVENT_TYPES_MESSAGE = `each must be one of ${WEBHOOK_SUBSCRIBABLE_EVENT_TYPES.join(', ')}`;

@ApiSchema({ name: 'CreateWebhookEndpointRequest' })
export class CreateWebhookEndpointRequest extends PartnerBodyDto {
  @ApiProperty(URL_DOC)
  @IsWebhookUrl()
  url!: string;

  @ApiProperty(EVENT_TYPES_DOC)
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_WEBHOOK_EVENT_TYPES)
  @ArrayUnique()
  @IsIn(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, { each: true, message: EVENT_TYPES_MESSAGE })
  eventTypes!: string[];

  @ApiPropertyOptional({ maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH, example: 'CRM 운영 서버' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string;

  @ApiPropertyOptional({
    default: false,
    description: 'Deliveries go out in event order, one at a time, unless true (then several at once, in any order)',
  })
  @IsOptional()
  @IsBoolean()
  parallelDelivery?: boolean;
}

@ApiSchema({ name: 'UpdateWebhookEndpointRequest' })
export class UpdateWebhookEndpointRequest {
  @ApiPropertyOptional(URL_DOC)
  @IsOmittable()
  @IsWebhookUrl()
  url?: string;

  @ApiPropertyOptional({ ...EVENT_TYPES_DOC, description: `${EVENT_TYPES_DOC.description}; replaces the list` })
  @IsOmittable()
  @IsArray()
  @ArrayMinSize(1)
  @ArrayMaxSize(MAX_WEBHOOK_EVENT_TYPES)
  @ArrayUnique()
  @IsIn(WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, { each: true, message: EVENT_TYPES_MESSAGE })
  eventTypes?: string[];

  @ApiPropertyOptional({ type: String, nullable: true, maxLength: MAX_WEBHOOK_DESCRIPTION_LENGTH, description: 'null removes it' })
  @IsOptional()
  @Trim()
  @IsString()
  @MaxLength(MAX_WEBHOOK_DESCRIPTION_LENGTH)
  description?: string | null;

  @ApiPropertyOptional({
    description:
      'false disables the endpoint (no new events; its pending deliveries wait); true enables it again and clears why it was disabled',
  })
  @IsOmittable()
  @IsBoolean()
  enabled?: boolean;

  @ApiPropertyOptional()
  @IsOmittable()
  @IsBoolean()
  parallelDelivery?: boolean;
}

/** An endpoint as shown: never its secret. */
@ApiSchema({ name: 'WebhookEndpoint' })
export class WebhookEndpointDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ type: 'integer' })
  partnerId!: number;

  @ApiProperty({ example: 'https://crm.example.com/webhooks/lead-distribution' })
  url!: string;

  @ApiProperty({ type: String, nullable: true })
  description!: string | null;

  @ApiProperty({ enum: WEBHOOK_SUBSCRIBABLE_EVENT_TYPES, isArray: true })
  eventTypes!: string[];

  @ApiProperty({ description: 'Disabled endpoints get no new events and their pending deliveries wait' })
  enabled!: boolean;

  @ApiProperty({
    type: String,
    nullable: true,
    description: 'Why it was disabled: by the partner, by an operator, by a 410 Gone answer, or after failing for 5 days',
  })
  disabledReason!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  disabledAt!: string | null;

  @ApiProperty()
  parallelDelivery!: boolean;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Start of the current run of failed attempts (null after a success); 5 days of it disables the endpoint',
  })
  failingSince!: string | null;

  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'Until then the secret before the last rotation also signs deliveries (null: no overlap)',
  })
  previousSecretExpiresAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;

  @ApiProperty({ format: 'date-time' })
  updatedAt!: string;
}

/** Returned once, at creation: the only time the signing secret is shown. */
@ApiSchema({ name: 'WebhookEndpointCreated' })
export class WebhookEndpointCreatedDto extends WebhookEndpointDto {
  @ApiProperty({
    description: 'The signing secret (Standard Webhooks: `whsec_` and base64). Shown only here; store it now.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  })
  secret!: string;
}

export class WebhookEndpointListResponse {
  @ApiProperty({ type: [WebhookEndpointDto] })
  data!: WebhookEndpointDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class ListWebhookEndpointsQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ ...INT_ID_SCHEMA, description: 'Defaults to the key’s partner (operator keys must name one)' })
  @IsOptional()
  @QueryInt()
  @IsIntId()
  partnerId?: number;
}

@ApiSchema({ name: 'WebhookSecretRotated' })
export class WebhookSecretRotatedDto {
  @ApiProperty({ description: 'The new signing secret. Shown only here; store it now.', example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' })
  secret!: string;

  @ApiProperty({ format: 'date-time', description: 'Until then deliveries are signed with the previous secret too' })
  previousSecretExpiresAt!: string;
}

@ApiSchema({ name: 'WebhookTestEventSent' })
export class WebhookTestEventSentDto {
  @ApiProperty({ format: 'uuid', description: 'The event (its `webhook-id`)' })
  eventId!: string;

  @ApiProperty({ format: 'uuid', description: 'Its delivery to this endpoint (GET /api/v1/webhooks/deliveries/{deliveryId})' })
  deliveryId!: string;
}

@ApiSchema({ name: 'WebhookDelivery' })
export class WebhookDeliveryDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'uuid' })
  endpointId!: string;

  @ApiProperty({ format: 'uuid', description: 'The event, sent as `webhook-id` (the same on every attempt and every endpoint)' })
  eventId!: string;

  @ApiProperty({ enum: WEBHOOK_DELIVERED_EVENT_TYPES })
  eventType!: string;

  @ApiProperty({ enum: WebhookDeliveryStatus, enumName: 'WebhookDeliveryStatus' })
  status!: WebhookDeliveryStatus;

  @ApiProperty({ type: 'integer', minimum: 0, description: 'Attempts of the current cycle (a resend starts a new one)' })
  attemptCount!: number;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'When it is tried next (PENDING only)' })
  nextAttemptAt!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  lastAttemptAt!: string | null;

  @ApiProperty({ type: 'integer', nullable: true })
  lastStatusCode!: number | null;

  @ApiProperty({ type: String, nullable: true })
  lastError!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  deliveredAt!: string | null;

  @ApiProperty({ format: 'date-time' })
  createdAt!: string;
}

@ApiSchema({ name: 'WebhookAttempt' })
export class WebhookAttemptDto {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ format: 'date-time' })
  attemptedAt!: string;

  @ApiProperty({ enum: WebhookAttemptOutcome, enumName: 'WebhookAttemptOutcome' })
  outcome!: WebhookAttemptOutcome;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The HTTP status the endpoint answered (null: no answer)' })
  statusCode!: number | null;

  @ApiProperty({ type: 'integer', minimum: 0 })
  latencyMs!: number;

  @ApiProperty({ type: String, nullable: true, description: 'The first bytes of the answer’s body (at most 1 KiB)' })
  responseExcerpt!: string | null;

  @ApiProperty({ type: String, nullable: true })
  error!: string | null;

  @ApiProperty({ type: String, format: 'date-time', nullable: true, description: 'The next attempt this one scheduled (null: none)' })
  nextAttemptAt!: string | null;
}

/** The body every delivery of an event sends. */
export interface WebhookPayloadDto {
  id: string;
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

@ApiSchema({ name: 'WebhookDeliveryDetail' })
export class WebhookDeliveryDetailDto extends WebhookDeliveryDto {
  // Inline rather than a nullable reference: OpenAPI 3.0 reads `nullable` only beside a `type`.
  @ApiProperty({
    type: 'object',
    nullable: true,
    required: ['id', 'type', 'timestamp', 'data'],
    properties: {
      id: { type: 'string', format: 'uuid', description: 'The event id (also the `webhook-id` header): de-duplicate on it' },
      type: { type: 'string', enum: [...WEBHOOK_DELIVERED_EVENT_TYPES] },
      timestamp: { type: 'string', format: 'date-time', description: 'When the event happened' },
      data: { type: 'object', additionalProperties: true, description: 'The event’s data (GET /api/v1/webhooks/event-types)' },
    },
    description: 'The body sent; null until the first attempt renders it (then the same on every attempt)',
  })
  payload!: WebhookPayloadDto | null;

  @ApiProperty({ type: [WebhookAttemptDto], description: 'Every attempt, oldest first (resends included)' })
  attempts!: WebhookAttemptDto[];
}

export class WebhookDeliveryListResponse {
  @ApiProperty({ type: [WebhookDeliveryDto] })
  data!: WebhookDeliveryDto[];

  @ApiProperty({ type: PaginationDto })
  pagination!: PaginationDto;
}

export class ListWebhookDeliveriesQueryDto extends PageQueryDto {
  @ApiPropertyOptional({ enum: WebhookDeliveryStatus, enumName: 'WebhookDeliveryStatus' })
  @IsOptional()
  @IsIn(Object.values(WebhookDeliveryStatus))
  status?: WebhookDeliveryStatus;

  @ApiPropertyOptional({ enum: WEBHOOK_DELIVERED_EVENT_TYPES })
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERED_EVENT_TYPES)
  eventType?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Deliveries created at or after' })
  @IsOptional()
  @IsTimestamp()
  since?: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'Deliveries created before' })
  @IsOptional()
  @IsTimestamp()
  until?: string;
}

@ApiSchema({ name: 'RecoverWebhookDeliveriesRequest' })
export class RecoverWebhookDeliveriesRequest {
  @ApiProperty({ format: 'date-time', example: '2026-11-21T00:00:00Z', description: 'FAILED deliveries created at or after' })
  @IsTimestamp()
  since!: string;

  @ApiPropertyOptional({ format: 'date-time', description: 'and before (default: now)' })
  @IsOptional()
  @IsTimestamp()
  until?: string;
}

@ApiSchema({ name: 'WebhookDeliveriesRecovered' })
export class WebhookDeliveriesRecoveredDto {
  @ApiProperty({ type: 'integer', minimum: 0, description: 'FAILED deliveries put back to PENDING' })
  count!: number;
}

@ApiSchema({ name: 'WebhookEventType' })
export class WebhookEventTypeDto {
  @ApiProperty({ enum: WEBHOOK_SUBSCRIBABLE_EVENT_TYPES })
  type!: string;

  @ApiProperty({ example: 'A lead was given to you: by one of your orders, by an operator, or handed down by a partner above you.' })
  description!: string;

  @ApiProperty({
    description: "The name of the delivery body's schema in this document (components.schemas)",
    example: 'LeadAssignedEvent',
  })
  schema!: string;

  @ApiProperty({
    oneOf: WEBHOOK_EVENT_SCHEMAS.map((schema) => ({ $ref: getSchemaPath(schema) })),
    description: 'A whole delivery body of this type, as an endpoint receives it',
  })
  example!: Record<string, unknown>;
}

export class WebhookEventTypesResponse {
  @ApiProperty({ type: [WebhookEventTypeDto] })
  data!: WebhookEventTypeDto[];
}
