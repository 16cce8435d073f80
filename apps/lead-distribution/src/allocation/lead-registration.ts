import type { AccessRecordValues } from '#platform';

/** A lead as registration stores it: encrypted, masked and searchable as the service prepared it. */
export interface NewLead {
  id: string;
  productId: string;
  /** A partner the operator named (manual delivery); null leaves the lead to orders or the pool. */
  partnerId: number | null;
  /** The id of its first hand-over, used if it is delivered (manually or by an order). */
  assignmentId: string;
  name: string;
  maskedName: string;
  phoneCiphertext: Buffer;
  phoneKeyId: string;
  phonePrefix: string;
  phoneLast4: string;
  phoneHash: string;
  email: string | null;
  region: string;
  address: string | null;
  birthDate: string;
  gender: string;
  memo: string | null;
  metadata: Record<string, unknown> | null;
  searchText: string;
  /**
   * The registration's access record (accessRecordInTransaction), appended with the lead in its
   * transaction if it is created; absent where the call's record is the interceptor's (an import).
   */
  accessRecord?: AccessRecordValues;
}

/** What became of one registered lead: a duplicate (created false), or where it went. */
export interface RegisteredLead {
  created: boolean;
  partnerId: number | null;
  orderId: string | null;
  createdAt: Date;
}
