import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { CreateLeadV1Request, type ImportLeadsResponse, type ImportRowResultDto } from '#contracts';
import { MAX_REPORTED_FIELD_ERRORS, ProblemException, flattenValidationErrors } from '#platform';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import type { NewLead } from '../allocation/allocation.service.js';
import { LeadsService, type RegistrationLookups, type RegistrationOutcome } from './leads.service.js';

/**
 * Imports a batch of rows: each row is validated and checked on its own (a bad row never stops the
 * others), then every good row is registered and allocated in one statement, set-based, all of
 * them or none. A result per row, in the request's order.
 */
@Injectable()
export class LeadImportService {
  constructor(private readonly leads: LeadsService) {}

  async import(rows: Array<Record<string, unknown>>, principal: ApiKeyPrincipal): Promise<ImportLeadsResponse> {
    const results: ImportRowResultDto[] = [];
    const prepared: Array<{ index: number; lead: NewLead }> = [];
    const lookups = this.leads.lookups();
    for (const [index, row] of rows.entries()) {
      const outcome = await this.prepareRow(index, row, principal, lookups);
      if ('status' in outcome) results[index] = outcome;
      else prepared.push({ index, lead: outcome });
    }
    const answerOf = (outcomes: RegistrationOutcome[]): ImportLeadsResponse => {
      const all = [...results];
      outcomes.forEach((outcome, i) => {
        const { index } = prepared[i]!;
        all[index] =
          outcome.status === 'DUPLICATE'
            ? { index, status: 'DUPLICATE', code: 'DUPLICATE_LEAD' }
            : { index, status: 'CREATED', id: outcome.lead.id, partnerId: outcome.lead.partnerId };
      });
      return {
        created: all.filter((result) => result.status === 'CREATED').length,
        duplicates: all.filter((result) => result.status === 'DUPLICATE').length,
        invalid: all.filter((result) => result.status === 'INVALID').length,
        results: all,
      };
    };
    // The answer to an Idempotency-Key commits with the leads.
    const outcomes = await this.leads.registerPrepared(
      prepared.map((row) => row.lead),
      answerOf,
    );
    return answerOf(outcomes);
  }

  /** The row ready to store, or its INVALID result. */
  private async prepareRow(
    index: number,
    row: Record<string, unknown>,
    principal: ApiKeyPrincipal,
    lookups: RegistrationLookups,
  ): Promise<NewLead | ImportRowResultDto> {
    const input = plainToInstance(CreateLeadV1Request, row);
    // The rules have no asynchronous validator: validateSync gives the same errors without a promise
    // per constraint (a thousand rows a request).
    const errors = validateSync(input, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      return {
        index,
        status: 'INVALID',
        code: 'VALIDATION_FAILED',
        errors: flattenValidationErrors(errors).slice(0, MAX_REPORTED_FIELD_ERRORS),
      };
    }
    try {
      return await this.leads.prepare(input, principal, lookups);
    } catch (error) {
      if (error instanceof ProblemException && error.getStatus() < 500) {
        return { index, status: 'INVALID', code: error.code, errors: error.errors ?? [{ field: '', message: error.message }] };
      }
      throw error;
    }
  }
}
