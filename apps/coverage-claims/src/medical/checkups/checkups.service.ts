import { Inject, Injectable } from '@nestjs/common';
import type { CheckupsDto, LookupCheckupsDto } from '#contracts';
import { FieldCipher, uuidv7 } from '#platform';
import type { UserPrincipal, Visibility } from '../../auth/principal.js';
import { koreaDate } from '../../common/calendar.js';
import { CustomerErrors } from '../../customers/customers.errors.js';
import { CustomersService } from '../../customers/customers.service.js';
import { NhisAuthErrors } from '../nhis/nhis-auth.errors.js';
import { NhisAuthService, nhisCall } from '../nhis/nhis-auth.service.js';
import { NHIS, type NhisPort } from '../../integrations/nhis/nhis.port.js';
import type { Checkup } from './checkup.js';
import { judgeCheckups } from './checkup-judgement.js';
import { CheckupErrors } from './checkups.errors.js';
import { CheckupsRepository } from './checkups.repository.js';
import { BAND_LABELS, lookupOf, type ReferenceRangeLookup } from './reference-ranges/reference-ranges.js';

@Injectable()
export class CheckupsService {
  constructor(
    private readonly checkups: CheckupsRepository,
    private readonly nhisAuth: NhisAuthService,
    private readonly customers: CustomersService,
    @Inject(NHIS) private readonly nhis: NhisPort,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * The customer's check-ups through a completed NHIS authentication (within its 10 minutes): fetched
   * through the port, judged against the reference ranges in force, stored sealed in place of the
   * customer's earlier ones (one transaction, only with their health-data consent on record), and
   * answered oldest year first. They are filed under the customer's planner, whoever requested the
   * authentication or runs the lookup: an ORG_ADMIN fetching a planner's customer's check-ups fetches
   * them for that planner (a customer is one planner's; other planners cannot see them). None at the NHIS: `checkups: []` (and nothing stored).
   */
  async lookup(user: UserPrincipal, input: LookupCheckupsDto): Promise<CheckupsDto> {
    const auth = await this.nhisAuth.requireLookup(user, input.nhisAuthId);
    const opened = await this.customers.opened(auth.customerId);
    // The authentication was refused for a customer without a gender, and nothing clears one.
    if (opened.gender === null) throw CustomerErrors.genderUnknown(auth.customerId);
    const customer = { ...opened, gender: opened.gender };
    const fetched = await nhisCall(() =>
      this.nhis.checkupsOf(auth.handle, {
        name: customer.name,
        birthDate: customer.birthDate,
        gender: customer.gender,
        phone: customer.phone,
      }),
    );
    const ranges = await this.referenceRanges();
    const retrievedAt = new Date();
    const checkups = judgeCheckups(fetched, ranges, customer.gender, koreaDate(retrievedAt).year);
    const outcome = await this.checkups.replaceForCustomer(
      auth.customerId,
      checkups.map((checkup) => {
        const sealed = this.cipher.sealJson(checkup);
        return {
          id: uuidv7(),
          organisationId: user.organisationId,
          customerId: auth.customerId,
          plannerId: customer.plannerId,
          nhisAuthId: auth.nhisAuthId,
          year: checkup.year,
          referenceVersion: ranges.version,
          keyId: sealed.keyId,
          payloadCiphertext: sealed.ciphertext,
          retrievedAt,
        };
      }),
    );
    // The customer (and with them the authentication) was deleted meanwhile.
    if (outcome === 'CUSTOMER_GONE') throw NhisAuthErrors.notFound(input.nhisAuthId, 'nhisAuthId');
    if (outcome === 'NO_CONSENT') throw CheckupErrors.consentMissing();
    return {
      customerId: auth.customerId,
      retrievedAt: retrievedAt.toISOString(),
      referenceVersion: ranges.version,
      checkups: checkups.map((checkup) => ({
        year: checkup.year,
        examinedOn: checkup.examinedOn,
        institution: checkup.institution,
        measurements: checkup.measurements.map((measurement) => ({
          code: measurement.code,
          name: ranges.rangeOf(measurement.code, customer.gender)?.name ?? measurement.code,
          value: measurement.value,
          unit: measurement.unit,
          band: measurement.band,
          bandLabel: measurement.band ? BAND_LABELS[measurement.band] : null,
        })),
      })),
    };
  }

  /**
   * The customer's stored check-ups, opened, oldest year first; [] when none. For features built on
   * check-ups (the medical analysis and reports): the caller has already established that the user
   * may see the customer.
   */
  async storedFor(customerId: string, visibility: Visibility): Promise<Checkup[]> {
    const rows = await this.checkups.storedFor(customerId, visibility);
    return rows.map((row) => this.cipher.openJson<Checkup>({ keyId: row.keyId, ciphertext: row.payloadCiphertext }));
  }

  /** The reference-range table in force (the newest loaded version). */
  async referenceRanges(): Promise<ReferenceRangeLookup> {
    const table = await this.checkups.currentReferenceRanges();
    if (!table) throw CheckupErrors.referenceRangesMissing();
    return lookupOf(table);
  }
}
