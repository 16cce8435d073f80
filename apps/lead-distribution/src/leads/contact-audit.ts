import { Injectable } from '@nestjs/common';
import { uuidv7 } from '#platform';
import type { ContactViewer } from '../auth/principal.js';
import { LeadsRepository } from './leads.repository.js';

/** The operation whose response showed contacts in clear, as its audit row names it. */
export type ContactOperation =
  'leads.list' | 'leads.get' | 'leads.use' | 'leads.distributed' | 'leads.contacts' | 'lead-as.list' | 'lead-as.get';

/** The audit trail of contacts shown in clear (table lead_contact_audits). */
@Injectable()
export class ContactAudit {
  constructor(private readonly leads: LeadsRepository) {}

  /**
   * Writes the row of a response that shows `viewer` the contacts of `revealed` (among the leads
   * `requested`) in clear; called before the response leaves, so no clear contact goes out unaudited.
   * Nothing is written when nothing is revealed, except for the contacts lookup: every call of it is.
   */
  async record(viewer: ContactViewer, operation: ContactOperation, requested: string[], revealed: string[]): Promise<void> {
    if (revealed.length === 0 && operation !== 'leads.contacts') return;
    await this.leads.insertContactAudit({
      id: uuidv7(),
      partnerId: viewer.partnerId,
      apiKeyId: viewer.apiKeyId,
      requestId: viewer.requestId,
      operation,
      requestedLeadIds: [...new Set(requested)],
      revealedLeadIds: [...new Set(revealed)],
      createdAt: new Date(),
    });
  }
}
