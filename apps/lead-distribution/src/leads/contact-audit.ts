import { Injectable } from '@nestjs/common';
import { AccessRecordSink } from '#platform';
import { leadSubjects, type ContactOnlooker } from '../common/access-records.js';

/**
 * The operations whose answer may show a lead's contact in clear beside others masked: each is
 * recorded as a view (@RecordsAccess) of every lead it shows, and the decryption of the contacts it
 * shows in clear as a `use` of those leads (this audit). `Leads_use` and `Leads_contacts` are a `use`
 * of what they show by their own record.
 */
export type ContactOperation = 'Leads_list' | 'Leads_get' | 'Distribution_distributed' | 'LeadAs_list' | 'LeadAs_get';

/** The decryption of contacts shown in clear, as access records (the former lead_contact_audits). */
@Injectable()
export class ContactAudit {
  constructor(private readonly records: AccessRecordSink) {}

  /**
   * Appends the `use` record of an answer that shows `onlooker` the contacts of `revealed` in clear;
   * called before the answer leaves, so no clear contact goes out unrecorded. Nothing when nothing is.
   */
  async revealed(onlooker: ContactOnlooker, operation: ContactOperation, revealed: string[]): Promise<void> {
    if (revealed.length === 0) return;
    await this.records.append({
      actor: onlooker.actor,
      address: onlooker.address,
      action: 'use',
      operation,
      subjects: leadSubjects(revealed),
      requestId: onlooker.requestId,
    });
  }
}
