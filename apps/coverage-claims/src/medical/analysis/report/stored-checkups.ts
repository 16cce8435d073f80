import type { Visibility } from '../../../auth/principal.js';
import type { Checkup } from '../../checkups/checkup.js';
import type { ReferenceRangeLookup } from '../../checkups/reference-ranges/reference-ranges.js';

/**
 * What the medical report reads of the check-ups feature: a customer's stored check-ups
 * (CheckupsService.storedFor: opened, year ascending, [] when none) and the reference-range table in
 * force (CheckupsService.referenceRanges, whose bands the trend charts shade). Provided under this
 * token by the module, as CheckupsService.
 */
export const STORED_CHECKUPS = Symbol('STORED_CHECKUPS');

export interface StoredCheckups {
  storedFor(customerId: string, visibility: Visibility): Promise<Checkup[]>;
  referenceRanges(): Promise<ReferenceRangeLookup>;
}
