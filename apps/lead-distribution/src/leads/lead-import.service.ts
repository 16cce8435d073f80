import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { CreateLeadV1Request, type ImportLeadsResponse, type ImportRowResultDto } from '#contracts';
import { MAX_REPORTED_FIELD_ERRORS, ProblemException, flattenValidationErrors } from '#platform';
import type { ApiKeyPrincipal } from '../auth/principal.js';
import { LeadsService } from './leads.service.js';

/** Imports rows one by one: a bad or duplicate row never stops the others. */
@Injectable()
export class LeadImportService {
  constructor(private readonly leads: LeadsService) {}

  async import(rows: Array<Record<string, unknown>>, principal: ApiKeyPrincipal): Promise<ImportLeadsResponse> {
    const results: ImportRowResultDto[] = [];
    for (const [index, row] of rows.entries()) results.push(await this.importRow(index, row, principal));
    return {
      created: results.filter((result) => result.status === 'CREATED').length,
      duplicates: results.filter((result) => result.status === 'DUPLICATE').length,
      invalid: results.filter((result) => result.status === 'INVALID').length,
      results,
    };
  }

  private async importRow(index: number, row: Record<string, unknown>, principal: ApiKeyPrincipal): Promise<ImportRowResultDto> {
    const input = plainToInstance(CreateLeadV1Request, row);
    const errors = await validate(input, { whitelist: true, forbidNonWhitelisted: true });
    if (errors.length > 0) {
      return {
        index,
        status: 'INVALID',
        code: 'VALIDATION_FAILED',
        errors: flattenValidationErrors(errors).slice(0, MAX_REPORTED_FIELD_ERRORS),
      };
    }
    try {
      const outcome = await this.leads.register(input, principal);
      if (outcome.status === 'DUPLICATE') return { index, status: 'DUPLICATE', code: 'DUPLICATE_LEAD' };
      return { index, status: 'CREATED', id: outcome.lead.id, partnerId: outcome.lead.partnerId };
    } catch (error) {
      if (error instanceof ProblemException && error.getStatus() < 500) {
        return { index, status: 'INVALID', code: error.code, errors: error.errors ?? [{ field: '', message: error.message }] };
      }
      throw error;
    }
  }
}
