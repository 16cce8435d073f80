import { Injectable } from '@nestjs/common';
import {
  type CreateOrganisationDto,
  type ListOrganisationsQueryDto,
  type OrganisationDto,
  type OrganisationListDto,
  type OrganisationWithSecretDto,
  type UpdateOrganisationDto,
} from '#contracts';
import { FieldCipher, pagedList, randomSecret, uuidv7 } from '#platform';
import { Organisation } from './entities/organisation.entity.js';
import { OrganisationErrors } from './organisations.errors.js';
import { OrganisationsRepository, type OrganisationChanges } from './organisations.repository.js';

/** What SSO sign-in needs of an organisation: its redirect URIs and its secret in plain. */
export interface SsoOrganisation {
  id: string;
  redirectUris: string[];
  ssoSecret: string;
}

@Injectable()
export class OrganisationsService {
  constructor(
    private readonly organisations: OrganisationsRepository,
    private readonly cipher: FieldCipher,
  ) {}

  /** Registers an organisation with a new SSO secret, shown in this response only. */
  async create(input: CreateOrganisationDto): Promise<OrganisationWithSecretDto> {
    const { secret, changes } = this.newSecret();
    const organisation = Object.assign(new Organisation(), {
      id: uuidv7(),
      name: input.name,
      redirectUris: input.redirectUris,
      ...changes,
    });
    return { ...toOrganisationResponse(await this.organisations.insert(organisation)), ssoSecret: secret };
  }

  list(query: ListOrganisationsQueryDto): Promise<OrganisationListDto> {
    return pagedList(query, (window) => this.organisations.list(query.search, window), toOrganisationResponse);
  }

  async get(id: string): Promise<OrganisationDto> {
    const organisation = await this.organisations.findById(id);
    if (!organisation) throw OrganisationErrors.notFound(id);
    return toOrganisationResponse(organisation);
  }

  async update(id: string, input: UpdateOrganisationDto): Promise<OrganisationDto> {
    const changes: OrganisationChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.redirectUris !== undefined) changes.redirectUris = input.redirectUris;
    const organisation = await this.organisations.update(id, changes);
    if (!organisation) throw OrganisationErrors.notFound(id);
    return toOrganisationResponse(organisation);
  }

  /** Replaces the SSO secret: assertions signed with the old one are refused from now on. */
  async rotateSecret(id: string): Promise<OrganisationWithSecretDto> {
    const { secret, changes } = this.newSecret();
    const organisation = await this.organisations.update(id, changes);
    if (!organisation) throw OrganisationErrors.notFound(id);
    return { ...toOrganisationResponse(organisation), ssoSecret: secret };
  }

  /** The organisation an assertion names as its issuer, with its secret decrypted; null when unknown. */
  async findForSignIn(id: string): Promise<SsoOrganisation | null> {
    const organisation = await this.organisations.findById(id);
    if (!organisation) return null;
    const ssoSecret = this.cipher.open({ keyId: organisation.ssoSecretKeyId, ciphertext: organisation.ssoSecretCiphertext });
    return { id: organisation.id, redirectUris: organisation.redirectUris, ssoSecret };
  }

  private newSecret(): {
    secret: string;
    changes: Required<Pick<OrganisationChanges, 'ssoSecretCiphertext' | 'ssoSecretKeyId' | 'ssoSecretIssuedAt'>>;
  } {
    const secret = randomSecret();
    const sealed = this.cipher.seal(secret);
    return { secret, changes: { ssoSecretCiphertext: sealed.ciphertext, ssoSecretKeyId: sealed.keyId, ssoSecretIssuedAt: new Date() } };
  }
}

export function toOrganisationResponse(organisation: Organisation): OrganisationDto {
  return {
    id: organisation.id,
    name: organisation.name,
    redirectUris: organisation.redirectUris,
    ssoSecretIssuedAt: organisation.ssoSecretIssuedAt.toISOString(),
    createdAt: organisation.createdAt.toISOString(),
    updatedAt: organisation.updatedAt.toISOString(),
  };
}
