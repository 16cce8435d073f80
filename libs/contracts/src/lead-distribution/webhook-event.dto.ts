import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { AsListItem } from './lead-as.dto.js';
import { LeadDto } from './lead.dto.js';
import { OrderDto } from './order.dto.js';
import { WebhookEventType } from './webhook-event-type.js';

/**
 * The event catalogue of lead-distribution's webhooks: the body of every delivery is
 * `{id, type, timestamp, data}` (Standard Webhooks' shape), `id` being the event id that the
 * `webhook-id` header repeats (stable across retries, resends and endpoints: de-duplicate on it).
 * `data` is what the partner would see in the API at that moment, with the same field names, and a
 * lead's contact (name, phone, email, address) is always masked, used or not: clear contacts are read
 * through the API (`POST /api/v1/leads/contacts`, `GET /api/v1/leads/{id}`), which audits them.
 */

const EVENT_ID = '0193a5e4-2b7c-7d10-8e2f-3a4b5c6d7e8f';
const LEAD_ID = '0193a5e2-7c4d-7b21-9f3e-2d6c8a1b4e57';
const PRODUCT_ID = '0193a5e0-5a1b-7c2d-8e3f-4a5b6c7d8e9f';
const PROVIDER_ID = '0193a5df-0e1f-7a2b-9c3d-4e5f6a7b8c9d';
const ASSIGNMENT_ID = '0193a5e3-1d2e-7f30-8a41-5b6c7d8e9fa0';
const ORDER_ID = '0193a5d8-4c5d-7e6f-8a7b-9c0d1e2f3a4b';
const AS_REQUEST_ID = '0193a6f1-8b9c-7dae-8fb0-c1d2e3f4a5b6';
const ENDPOINT_ID = '0193a5c1-6d7e-7f80-9a1b-2c3d4e5f6a7b';

/** The Lead as `GET /api/v1/leads/{id}` shows it to its new owner, masked (no `fileUrl` in metadata). */
const LEAD_EXAMPLE: LeadDto = {
  id: LEAD_ID,
  productId: PRODUCT_ID,
  product: { id: PRODUCT_ID, name: '실손보험 상담 DB' },
  name: '홍*동',
  phone: '010-****-5678',
  email: 'ho***@example.com',
  region: '서울',
  address: '서울특별시 강남구 ***',
  birth_date: '850314',
  gender: 'M',
  memo: '오후 상담 희망',
  assignmentId: ASSIGNMENT_ID,
  usedAt: null,
  assignedAt: '2026-11-27T09:15:02.481Z',
  lastDistributedAt: '2026-11-27T09:15:02.481Z',
  metadata: { channel: 'landing', recording: { fileKey: `lead-files/${PROVIDER_ID}/2026/11/0193a5e1-0a0b-7c0d-8e0f-1a2b3c4d5e6f.m4a` } },
  leadAs: [],
  leadAsStatus: null,
  leadAsStatusLabel: null,
};

@ApiSchema({ name: 'WebhookLeadAssignment', description: 'The hand-over that gave the lead to the partner (a row of the lead’s history).' })
export class WebhookLeadAssignmentDto {
  @ApiProperty({ format: 'uuid', description: 'The lead’s new assignmentId', example: ASSIGNMENT_ID })
  id!: string;

  @ApiProperty({
    enum: ['ORDER', 'MANUAL', 'DISTRIBUTE'],
    description:
      'ORDER: an order of the partner took it (registration, import, an order taking the pool, a replacement); MANUAL: an operator delivered it; DISTRIBUTE: a partner above handed it down',
    example: 'ORDER',
  })
  kind!: 'ORDER' | 'MANUAL' | 'DISTRIBUTE';

  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'The order that took it (kind ORDER)', example: ORDER_ID })
  orderId!: string | null;

  @ApiProperty({ type: 'integer', nullable: true, description: 'The partner that handed it down (kind DISTRIBUTE)', example: null })
  fromPartnerId!: number | null;

  @ApiProperty({ type: 'integer', description: 'The partner told: the lead’s new owner', example: 42 })
  toPartnerId!: number;

  @ApiProperty({
    format: 'date-time',
    description: 'When it was handed over (the lead’s new lastDistributedAt)',
    example: '2026-11-27T09:15:02.481Z',
  })
  at!: string;
}

@ApiSchema({ name: 'LeadAssignedData' })
export class LeadAssignedDataDto {
  @ApiProperty({
    type: LeadDto,
    description:
      'The Lead as GET /api/v1/leads/{id} showed it to its new owner at the hand-over, contact masked, metadata without fileUrl (read the lead for those)',
    example: LEAD_EXAMPLE,
  })
  lead!: LeadDto;

  @ApiProperty({ type: WebhookLeadAssignmentDto })
  assignment!: WebhookLeadAssignmentDto;
}

@ApiSchema({
  name: 'LeadRecalledData',
  description: 'One entry of POST /api/v1/leads/recall’s answer, sent to the partner that lost the lead.',
})
export class LeadRecalledDataDto {
  @ApiProperty({ format: 'uuid', example: LEAD_ID })
  leadId!: string;

  @ApiProperty({ type: 'integer', description: 'The partner told: it held the lead until the recall', example: 42 })
  fromPartnerId!: number;

  @ApiProperty({ type: 'integer', description: 'The partner above that took it back', example: 7 })
  toPartnerId!: number;

  @ApiProperty({ format: 'uuid', description: 'The lead’s new assignmentId', example: '0193a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b' })
  assignmentId!: string;

  @ApiProperty({
    format: 'date-time',
    description: 'When it was taken back (the lead’s new lastDistributedAt)',
    example: '2026-11-28T02:40:11.902Z',
  })
  lastDistributedAt!: string;
}

/** An AS request as GET /api/v1/lead-as lists it, lead masked, at its review. */
const AS_REQUEST_EXAMPLE: AsListItem = {
  id: AS_REQUEST_ID,
  leadId: LEAD_ID,
  reasonCode: 'WRONG_NUMBER',
  reasonLabel: '결번·없는 번호',
  status: 'APPROVED',
  statusLabel: '승인',
  customerMemo: '세 번 통화 시도, 결번 안내',
  adminNote: '통화 기록 확인, 교체 DB 지급',
  createdAt: '2026-11-28T01:02:03.456Z',
  updatedAt: '2026-11-28T05:30:00.120Z',
  lead: { id: LEAD_ID, name: '홍*동', phone: '010-****-5678', region: '서울', product: { id: PRODUCT_ID, name: '실손보험 상담 DB' } },
};

@ApiSchema({ name: 'LeadAsReviewedData' })
export class LeadAsReviewedDataDto {
  @ApiProperty({
    type: AsListItem,
    description:
      'The AS request as GET /api/v1/lead-as lists it, lead masked; status is the decision of this review (ON_HOLD, APPROVED or REJECTED), adminNote the operator’s note',
    example: AS_REQUEST_EXAMPLE,
  })
  asRequest!: AsListItem;

  @ApiProperty({ format: 'date-time', description: 'When the operator decided', example: '2026-11-28T05:30:00.120Z' })
  reviewedAt!: string;
}

/** An order as GET /api/v1/orders/{id} shows it, when it was completed. */
const ORDER_EXAMPLE: OrderDto = {
  id: ORDER_ID,
  providerId: PROVIDER_ID,
  productId: PRODUCT_ID,
  ordererName: '김민준',
  ordererContact: '010-2345-6789',
  partnerId: 42,
  regionQuantities: [
    { region: '경기', quantity: 30, delivered: 30 },
    { region: '서울', quantity: 50, delivered: 50 },
  ],
  regionMemo: '수도권 위주',
  memo: '11월 캠페인',
  status: 'COMPLETED',
  statusLabel: '완료',
  reservationDate: '2026-11-20T00:00:00.000Z',
  cancelMemo: null,
  createdAt: '2026-11-19T08:12:45.310Z',
  updatedAt: '2026-11-27T09:15:02.481Z',
};

const CANCELLED_ORDER_DATA_EXAMPLE = {
  order: {
    ...ORDER_EXAMPLE,
    regionQuantities: [
      { region: '경기', quantity: 30, delivered: 12 },
      { region: '서울', quantity: 50, delivered: 50 },
    ],
    status: 'CANCELLED',
    statusLabel: '취소',
    cancelMemo: '캠페인 조기 종료',
    updatedAt: '2026-11-25T10:00:00.000Z',
  },
};

@ApiSchema({ name: 'OrderEventData' })
export class OrderEventDataDto {
  @ApiProperty({
    type: OrderDto,
    description: 'The Order as GET /api/v1/orders/{id} shows it; status is the one the event is about (COMPLETED or CANCELLED)',
    example: ORDER_EXAMPLE,
  })
  order!: OrderDto;
}

@ApiSchema({ name: 'WebhookTestData' })
export class WebhookTestDataDto {
  @ApiProperty({ format: 'uuid', description: 'The endpoint the test was sent to', example: ENDPOINT_ID })
  endpointId!: string;

  @ApiProperty({ example: 'A test event sent from lead-distribution: your endpoint received and verified it.' })
  message!: string;
}

/** What every delivery's body carries beside `type` and `data`. */
class WebhookEventEnvelope {
  @ApiProperty({ format: 'uuid', description: 'The event id, also sent as the webhook-id header: de-duplicate on it', example: EVENT_ID })
  id!: string;

  @ApiProperty({ format: 'date-time', description: 'When the event happened (not when it was sent)', example: '2026-11-27T09:15:02.481Z' })
  timestamp!: string;
}

@ApiSchema({
  name: 'LeadAssignedEvent',
  description:
    'A lead was given to the partner: by one of its orders (registration, import, an order taking the pool, a replacement), by an operator, or handed down by a partner above.',
})
export class LeadAssignedEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: [WebhookEventType.LeadAssigned], example: WebhookEventType.LeadAssigned })
  type!: typeof WebhookEventType.LeadAssigned;

  @ApiProperty({ type: LeadAssignedDataDto })
  data!: LeadAssignedDataDto;
}

@ApiSchema({ name: 'LeadRecalledEvent', description: 'A partner above took a lead back from the partner (POST /api/v1/leads/recall).' })
export class LeadRecalledEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: [WebhookEventType.LeadRecalled], example: WebhookEventType.LeadRecalled })
  type!: typeof WebhookEventType.LeadRecalled;

  @ApiProperty({ type: LeadRecalledDataDto })
  data!: LeadRecalledDataDto;
}

@ApiSchema({
  name: 'LeadAsReviewedEvent',
  description:
    'An operator put an AS request the partner filed on hold, approved it (the lead is returned; an order owes a replacement) or rejected it.',
})
export class LeadAsReviewedEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: [WebhookEventType.LeadAsReviewed], example: WebhookEventType.LeadAsReviewed })
  type!: typeof WebhookEventType.LeadAsReviewed;

  @ApiProperty({ type: LeadAsReviewedDataDto })
  data!: LeadAsReviewedDataDto;
}

@ApiSchema({ name: 'OrderCompletedEvent', description: 'Every region of one of the partner’s orders was delivered.' })
export class OrderCompletedEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: [WebhookEventType.OrderCompleted], example: WebhookEventType.OrderCompleted })
  type!: typeof WebhookEventType.OrderCompleted;

  @ApiProperty({ type: OrderEventDataDto })
  data!: OrderEventDataDto;
}

@ApiSchema({ name: 'OrderCancelledEvent', description: 'One of the partner’s orders was cancelled; what it had not delivered is dropped.' })
export class OrderCancelledEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: [WebhookEventType.OrderCancelled], example: WebhookEventType.OrderCancelled })
  type!: typeof WebhookEventType.OrderCancelled;

  @ApiProperty({
    type: OrderEventDataDto,
    example: CANCELLED_ORDER_DATA_EXAMPLE,
  })
  data!: OrderEventDataDto;
}

@ApiSchema({
  name: 'WebhookTestEvent',
  description: 'Sent by POST /api/v1/webhooks/endpoints/{endpointId}/test to that endpoint only, whatever it subscribed to.',
})
export class WebhookTestEventDto extends WebhookEventEnvelope {
  @ApiProperty({ enum: ['webhook.test'], example: 'webhook.test' })
  type!: 'webhook.test';

  @ApiProperty({ type: WebhookTestDataDto })
  data!: WebhookTestDataDto;
}

const envelope = <T extends string, D>(type: T, timestamp: string, data: D) => ({ id: EVENT_ID, type, timestamp, data });

/** A whole delivery body per event type (what the catalogue and the documentation show). */
export const WEBHOOK_EVENT_EXAMPLES: {
  [WebhookEventType.LeadAssigned]: LeadAssignedEventDto;
  [WebhookEventType.LeadRecalled]: LeadRecalledEventDto;
  [WebhookEventType.LeadAsReviewed]: LeadAsReviewedEventDto;
  [WebhookEventType.OrderCompleted]: OrderCompletedEventDto;
  [WebhookEventType.OrderCancelled]: OrderCancelledEventDto;
  'webhook.test': WebhookTestEventDto;
} = {
  [WebhookEventType.LeadAssigned]: envelope(WebhookEventType.LeadAssigned, '2026-11-27T09:15:02.481Z', {
    lead: LEAD_EXAMPLE,
    assignment: {
      id: ASSIGNMENT_ID,
      kind: 'ORDER',
      orderId: ORDER_ID,
      fromPartnerId: null,
      toPartnerId: 42,
      at: '2026-11-27T09:15:02.481Z',
    },
  }),
  [WebhookEventType.LeadRecalled]: envelope(WebhookEventType.LeadRecalled, '2026-11-28T02:40:11.902Z', {
    leadId: LEAD_ID,
    fromPartnerId: 42,
    toPartnerId: 7,
    assignmentId: '0193a6b2-3c4d-7e5f-8a6b-7c8d9e0f1a2b',
    lastDistributedAt: '2026-11-28T02:40:11.902Z',
  }),
  [WebhookEventType.LeadAsReviewed]: envelope(WebhookEventType.LeadAsReviewed, '2026-11-28T05:30:00.120Z', {
    asRequest: AS_REQUEST_EXAMPLE,
    reviewedAt: '2026-11-28T05:30:00.120Z',
  }),
  [WebhookEventType.OrderCompleted]: envelope(WebhookEventType.OrderCompleted, '2026-11-27T09:15:02.481Z', { order: ORDER_EXAMPLE }),
  [WebhookEventType.OrderCancelled]: envelope(WebhookEventType.OrderCancelled, '2026-11-25T10:00:00.000Z', CANCELLED_ORDER_DATA_EXAMPLE),
  'webhook.test': envelope('webhook.test', '2026-11-26T14:00:00.000Z', {
    endpointId: ENDPOINT_ID,
    message: 'A test event sent from lead-distribution: your endpoint received and verified it.',
  }),
};

/** One entry per event type: its payload's schema class and what it means (the catalogue, GET /api/v1/webhooks/event-types). */
export const WEBHOOK_EVENT_CATALOGUE = [
  {
    type: WebhookEventType.LeadAssigned,
    example: WEBHOOK_EVENT_EXAMPLES[WebhookEventType.LeadAssigned],
    schema: LeadAssignedEventDto,
    schemaName: 'LeadAssignedEvent',
    description:
      'A lead was given to you: by one of your orders (registration, import, an order taking the pool, a replacement), by an operator, or handed down by a partner above you. Carries the lead as GET /api/v1/leads/{id} shows it, contact masked, and the hand-over.',
  },
  {
    type: WebhookEventType.LeadRecalled,
    example: WEBHOOK_EVENT_EXAMPLES[WebhookEventType.LeadRecalled],
    schema: LeadRecalledEventDto,
    schemaName: 'LeadRecalledEvent',
    description: 'A partner above you took a lead back from you (POST /api/v1/leads/recall): one entry of the recall’s answer.',
  },
  {
    type: WebhookEventType.LeadAsReviewed,
    example: WEBHOOK_EVENT_EXAMPLES[WebhookEventType.LeadAsReviewed],
    schema: LeadAsReviewedEventDto,
    schemaName: 'LeadAsReviewedEvent',
    description:
      'An operator put an AS request you filed on hold, approved it or rejected it, with the admin note. Carries the request as GET /api/v1/lead-as lists it, lead masked.',
  },
  {
    type: WebhookEventType.OrderCompleted,
    example: WEBHOOK_EVENT_EXAMPLES[WebhookEventType.OrderCompleted],
    schema: OrderCompletedEventDto,
    schemaName: 'OrderCompletedEvent',
    description: 'Every region of one of your orders was delivered. Carries the order as GET /api/v1/orders/{id} shows it.',
  },
  {
    type: WebhookEventType.OrderCancelled,
    example: WEBHOOK_EVENT_EXAMPLES[WebhookEventType.OrderCancelled],
    schema: OrderCancelledEventDto,
    schemaName: 'OrderCancelledEvent',
    description: 'One of your orders was cancelled. Carries the order as GET /api/v1/orders/{id} shows it.',
  },
] as const;

/** Every payload schema, for registering them in the OpenAPI document (extraModels). */
export const WEBHOOK_EVENT_SCHEMAS = [
  LeadAssignedEventDto,
  LeadRecalledEventDto,
  LeadAsReviewedEventDto,
  OrderCompletedEventDto,
  OrderCancelledEventDto,
  WebhookTestEventDto,
] as const;
