import type { OrderStatus } from '#contracts';

/** What a lead returned by an approved AS request made its order owe, and the lead delivered in its place (null while owed). */
export interface LeadReplacement {
  orderId: string;
  orderStatus: OrderStatus;
  leadId: string | null;
  deliveredAt: Date | null;
}
