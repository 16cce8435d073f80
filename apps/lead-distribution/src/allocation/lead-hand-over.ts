import type { AssignmentKind } from './entities/lead-assignment.entity.js';

/** One hand-over of a lead, as `lead_assignments` records it; `at` is ISO 8601 with milliseconds. */
export interface LeadHandOver {
  id: string;
  leadId: string;
  kind: AssignmentKind;
  orderId: string | null;
  fromPartnerId: number | null;
  toPartnerId: number;
  at: string;
}
