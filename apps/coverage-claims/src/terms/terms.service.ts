import { Injectable } from '@nestjs/common';
import type { TermDto, TermListDto, TermPurpose } from '#contracts';
import type { Term } from './entities/term.entity.js';
import { TermErrors } from './terms.errors.js';
import { TermsRepository } from './terms.repository.js';

@Injectable()
export class TermsService {
  constructor(private readonly terms: TermsRepository) {}

  async list(purpose: TermPurpose): Promise<TermListDto> {
    return { data: (await this.terms.inForce(purpose)).map(toTermResponse) };
  }

  /**
   * The terms a customer agreed to, checked against those in force: every id must be one of them
   * (400 TERM_UNKNOWN naming each other one, superseded versions included), and every required term
   * must be among them (400 TERMS_NOT_AGREED naming agreedTermIds).
   */
  async requireAgreed(purpose: TermPurpose, agreedTermIds: string[]): Promise<Term[]> {
    const inForce = await this.terms.inForce(purpose);
    const byId = new Map(inForce.map((term) => [term.id, term]));
    const unknown = agreedTermIds.flatMap((id, index) => (byId.has(id) ? [] : [index]));
    if (unknown.length > 0) throw TermErrors.notInForce(unknown);
    const missing = inForce.filter((term) => term.required && !agreedTermIds.includes(term.id)).map((term) => term.id);
    if (missing.length > 0) throw TermErrors.requiredNotAgreed(missing);
    return agreedTermIds.map((id) => byId.get(id)!);
  }
}

export function toTermResponse(term: Term): TermDto {
  return {
    id: term.id,
    version: term.version,
    title: term.title,
    required: term.required,
    body: term.body,
    effectiveDate: term.effectiveDate,
  };
}
