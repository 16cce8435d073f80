import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  UserRole,
  UserStatus,
  type AddUserDto,
  type ListUsersQueryDto,
  type UpdateUserDto,
  type UserDto,
  type UserListDto,
} from '#contracts';
import { FieldCipher, LookupHasher, pagedList, uuidv7 } from '#platform';
import type { AuthenticatedUser, UserPrincipal } from '../auth/principal.js';
import { User } from './entities/user.entity.js';
import { UserErrors } from './users.errors.js';
import { UsersRepository, type UserChanges } from './users.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly cipher: FieldCipher,
    private readonly lookup: LookupHasher,
  ) {}

  /** Who a token's subject is now: null when the user is gone, disabled, or in another organisation than the token says. */
  async activePrincipal(userId: string, organisationId: string, signInId: string): Promise<AuthenticatedUser | null> {
    const state = await this.users.findSignedInState(userId, signInId);
    if (!state || state.status !== UserStatus.Active || state.organisationId !== organisationId) return null;
    return { userId, organisationId, role: state.role, signInId };
  }

  /** The user a code or refresh token was issued to, locked against deletion until the transaction ends; null when deleted. */
  async lockForTokens(tx: EntityManager, userId: string): Promise<(UserPrincipal & { status: UserStatus }) | null> {
    const user = await this.users.lockShared(tx, userId);
    return user && { userId: user.id, organisationId: user.organisationId, role: user.role, status: user.status };
  }

  /** Creates or updates the planner an SSO assertion names (see UsersRepository.upsertFromSso). */
  async signedInBySso(tx: EntityManager, organisationId: string, claims: AddUserDto): Promise<User> {
    return this.users.upsertFromSso(tx, {
      id: uuidv7(),
      organisationId,
      ...this.sealCi(claims.fcUserCi),
      name: claims.name,
      phone: claims.phone ?? null,
      role: claims.role ?? null,
    });
  }

  async add(admin: UserPrincipal, input: AddUserDto): Promise<UserDto> {
    const user = Object.assign(new User(), {
      id: uuidv7(),
      organisationId: admin.organisationId,
      ...this.sealCi(input.fcUserCi),
      name: input.name,
      phone: input.phone ?? null,
      role: input.role ?? UserRole.Planner,
      status: UserStatus.Active,
      lastSignedInAt: null,
    });
    const inserted = await this.users.insertIfNew(user);
    if (!inserted) throw UserErrors.alreadyExists();
    return this.toResponse(inserted);
  }

  list(admin: UserPrincipal, query: ListUsersQueryDto): Promise<UserListDto> {
    const filter = { organisationId: admin.organisationId, search: query.search, role: query.role, status: query.status };
    return pagedList(
      query,
      (window) => this.users.list(filter, window),
      (user) => this.toResponse(user),
    );
  }

  async me(principal: UserPrincipal): Promise<UserDto> {
    const user = await this.users.findInOrganisation(principal.organisationId, principal.userId);
    if (!user) throw UserErrors.notFound(principal.userId);
    return this.toResponse(user);
  }

  /** Changes a user of the admin's organisation. An admin cannot disable or demote themselves (409). */
  async update(admin: UserPrincipal, id: string, input: UpdateUserDto): Promise<UserDto> {
    if (id === admin.userId && (input.status === UserStatus.Disabled || input.role === UserRole.Planner)) throw UserErrors.selfLockout();
    const changes: UserChanges = {};
    if (input.name !== undefined) changes.name = input.name;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.role !== undefined) changes.role = input.role;
    if (input.status !== undefined) changes.status = input.status;
    const user = await this.users.updateInOrganisation(admin.organisationId, id, changes);
    if (!user) throw UserErrors.notFound(id);
    return this.toResponse(user);
  }

  /** Deletes a user of the admin's organisation; their access and refresh tokens stop working at once. */
  async remove(admin: UserPrincipal, id: string): Promise<void> {
    if (id === admin.userId) throw UserErrors.selfLockout();
    if (!(await this.users.deleteInOrganisation(admin.organisationId, id))) throw UserErrors.notFound(id);
  }

  private sealCi(fcUserCi: string): Pick<User, 'fcUserCiHash' | 'fcUserCiCiphertext' | 'fcUserCiKeyId'> {
    const sealed = this.cipher.seal(fcUserCi);
    return {
      fcUserCiHash: this.lookup.hash('fc-user-ci', fcUserCi),
      fcUserCiCiphertext: sealed.ciphertext,
      fcUserCiKeyId: sealed.keyId,
    };
  }

  private toResponse(user: User): UserDto {
    return toUserResponse(user, this.cipher.open({ keyId: user.fcUserCiKeyId, ciphertext: user.fcUserCiCiphertext }));
  }
}

export function toUserResponse(user: User, fcUserCi: string): UserDto {
  return {
    id: user.id,
    organisationId: user.organisationId,
    fcUserCi,
    name: user.name,
    phone: user.phone,
    role: user.role,
    status: user.status,
    lastSignedInAt: user.lastSignedInAt ? user.lastSignedInAt.toISOString() : null,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}
