import {
  AccessRecord,
  AccessRecordSeal,
  BackgroundAttempt,
  BackgroundTurn,
  IdempotencyRecord,
  OperatorAccount,
  OperatorAccountHistory,
  OperatorApiKey,
  OperatorSession,
} from '#platform';
import { LeadAssignment } from '../allocation/entities/lead-assignment.entity.js';
import { ApiKey } from '../api-keys/entities/api-key.entity.js';
import { OrderRegion } from '../orders/entities/order-region.entity.js';
import { Order } from '../orders/entities/order.entity.js';
import { AsReason } from '../lead-as/entities/as-reason.entity.js';
import { LeadAsFile } from '../lead-as/entities/lead-as-file.entity.js';
import { LeadAsRequest } from '../lead-as/entities/lead-as-request.entity.js';
import { Lead } from '../leads/entities/lead.entity.js';
import { StoredFile } from '../files/entities/stored-file.entity.js';
import { Partner } from '../partners/entities/partner.entity.js';
import { ProductAsPolicyVersion } from '../products/entities/product-as-policy-version.entity.js';
import { ProductAsPolicy } from '../products/entities/product-as-policy.entity.js';
import { Product } from '../products/entities/product.entity.js';
import { Provider } from '../providers/entities/provider.entity.js';
import { WebhookDelivery } from '../webhooks/entities/webhook-delivery.entity.js';
import { WebhookEndpoint } from '../webhooks/entities/webhook-endpoint.entity.js';
import { WebhookEvent } from '../webhooks/entities/webhook-event.entity.js';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [
  AccessRecord,
  AccessRecordSeal,
  BackgroundTurn,
  BackgroundAttempt,
  Partner,
  ApiKey,
  StoredFile,
  Provider,
  Product,
  ProductAsPolicy,
  ProductAsPolicyVersion,
  Lead,
  AsReason,
  LeadAsRequest,
  LeadAsFile,
  IdempotencyRecord,
  OperatorAccount,
  OperatorAccountHistory,
  OperatorSession,
  OperatorApiKey,
  Order,
  OrderRegion,
  LeadAssignment,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
];
