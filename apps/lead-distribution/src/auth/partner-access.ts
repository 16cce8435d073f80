import { Injectable } from '@nestjs/common';
import { ApiKeyRole } from '#contracts';
import { PartnersService } from '../partners/partners.service.js';
import type { PartnerScopeOptions } from './auth.decorators.js';
import { AuthErrors } from './auth.errors.js';
import type { ApiKeyPrincipal } from './principal.js';

/**
 * Decides which partner a call acts for. Partner keys act for their own partner (an omitted
 * `partnerId` means it) and, where the operation allows, for its descendants. Operator keys act for
 * any existing partner but must name it (an unknown one is a 400 naming partnerId, before any
 * feature writes rows for it). Provider keys never act for a partner.
 */
@Injectable()
export class PartnerAccess {
  constructor(private readonly partners: PartnersService) {}

  async resolve(principal: ApiKeyPrincipal, requested: number | undefined, scope: PartnerScopeOptions): Promise<number> {
    if (requested !== undefined && Number.isNaN(requested)) throw AuthErrors.partnerIdInvalid();
    switch (principal.role) {
      case ApiKeyRole.Operator:
        if (requested === undefined) throw AuthErrors.partnerIdRequired();
        if (!(await this.partners.exists(requested))) throw AuthErrors.partnerUnknown(requested);
        return requested;
      case ApiKeyRole.Partner:
        if (requested === undefined || requested === principal.partnerId) return principal.partnerId;
        if (scope.descendants && (await this.partners.isDescendant(requested, principal.partnerId))) return requested;
        throw AuthErrors.partnerForbidden(requested);
      case ApiKeyRole.Provider:
        throw AuthErrors.roleForbidden();
    }
  }
}
