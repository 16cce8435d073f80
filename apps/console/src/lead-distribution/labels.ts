import { AS_STATUS_LABELS } from '@contracts/lead-distribution/lead-as-status';
import { ORDER_STATUS_LABELS } from '@contracts/lead-distribution/order-status';
import {
  adminAsDetailStatusValues,
  importRowResultDtoStatusValues,
  orderStatusValues,
  webhookAttemptOutcomeValues,
  webhookDeliveryEventTypeValues,
  webhookDeliveryStatusValues,
  webhookEndpointEventTypesValues,
  type components,
} from '../api/generated/lead-distribution';
import { termsOf, type Vocabulary } from '../ui';

// lead-distribution's vocabularies as the console shows them: the values from the generated client
// (the OpenAPI document), the Korean from the contracts where they have it (the words the API's own
// `statusLabel` uses), the console's where they have none; colours are the console's.

type Schemas = components['schemas'];
export type OrderStatus = Schemas['Order']['status'];
export type AsStatus = Schemas['AdminAsDetail']['status'];
export type DeliveryStatus = Schemas['WebhookDeliveryStatus'];
export type DeliveryEventType = Schemas['WebhookDelivery']['eventType'];
export type SubscribableEventType = Schemas['WebhookEndpoint']['eventTypes'][number];
export type AttemptOutcome = Schemas['WebhookAttemptOutcome'];
export type ImportRowStatus = Schemas['ImportRowResultDto']['status'];

export const ORDER_STATUSES: Vocabulary<OrderStatus> = {
  values: orderStatusValues,
  terms: termsOf(ORDER_STATUS_LABELS, { PENDING: 'gray', IN_PROGRESS: 'blue', COMPLETED: 'green', CANCELLED: 'red' }),
};

/** The colour says whether the request still waits for an operator. */
export const AS_STATUSES: Vocabulary<AsStatus> = {
  values: adminAsDetailStatusValues,
  terms: termsOf(AS_STATUS_LABELS, { PENDING: 'yellow', ON_HOLD: 'orange', APPROVED: 'blue', REJECTED: 'red', CANCELLED: 'gray' }),
};

const EVENT_TYPE_LABELS: Record<DeliveryEventType, string> = {
  'lead.assigned': '리드 배정',
  'lead.recalled': '리드 회수',
  'lead_as.reviewed': 'AS 심사 결과',
  'order.completed': '주문 완료',
  'order.cancelled': '주문 취소',
  'webhook.test': '테스트',
};

/** Every type a delivery carries (the test event too). */
export const DELIVERY_EVENT_TYPES: Vocabulary<DeliveryEventType> = {
  values: webhookDeliveryEventTypeValues,
  terms: termsOf(EVENT_TYPE_LABELS, {
    'lead.assigned': 'indigo',
    'lead.recalled': 'orange',
    'lead_as.reviewed': 'grape',
    'order.completed': 'green',
    'order.cancelled': 'red',
    'webhook.test': 'gray',
  }),
};

/** The types an endpoint subscribes to (the test event is sent on demand, never subscribed to). */
export const SUBSCRIBABLE_EVENT_TYPES: readonly SubscribableEventType[] = webhookEndpointEventTypesValues;

export const DELIVERY_STATUSES: Vocabulary<DeliveryStatus> = {
  values: webhookDeliveryStatusValues,
  terms: termsOf({ PENDING: '대기', DELIVERED: '전달됨', FAILED: '실패' }, { PENDING: 'gray', DELIVERED: 'green', FAILED: 'red' }),
};

export const ATTEMPT_OUTCOMES: Vocabulary<AttemptOutcome> = {
  values: webhookAttemptOutcomeValues,
  terms: termsOf(
    { SUCCESS: '성공', HTTP_ERROR: 'HTTP 오류', TIMEOUT: '시간 초과', NETWORK_ERROR: '네트워크 오류', BLOCKED_ADDRESS: '차단된 주소' },
    { SUCCESS: 'green', HTTP_ERROR: 'red', TIMEOUT: 'orange', NETWORK_ERROR: 'orange', BLOCKED_ADDRESS: 'red' },
  ),
};

/** A row of a lead import: the API's answers, and FAILED for a row whose whole call the API refused. */
export const IMPORT_ROW_STATUSES: Vocabulary<ImportRowStatus | 'FAILED'> = {
  values: [...importRowResultDtoStatusValues, 'FAILED'],
  terms: termsOf(
    { CREATED: '등록', DUPLICATE: '중복', INVALID: '오류', FAILED: '처리 안 됨' },
    { CREATED: 'green', DUPLICATE: 'yellow', INVALID: 'red', FAILED: 'gray' },
  ),
};

export const GENDER_LABELS: Record<Schemas['AdminAsLeadDto']['gender'], string> = { M: '남', F: '여' };
