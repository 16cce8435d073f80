import { Inject, Injectable } from '@nestjs/common';
import type {
  CreateOperatorAccountDto,
  OperatorAccountDto,
  OperatorAccountHistoryDto,
  OperatorApiKeyDto,
  OperatorApiKeyIssuedDto,
  OperatorApiKeyListDto,
  OperatorRoleName,
  PageQueryDto,
  UpdateOperatorAccountDto,
} from '#contracts';
import { SERVICE_CONFIG } from '../bootstrap/tokens.js';
import type { ServiceConfig } from '../config/service-config.js';
import { pagedList } from '../database/paged-query.js';
import { uuidv7 } from '../crypto/random.js';
import { randomSecret, sha256Hex } from '../crypto/secret-hash.js';
import { OPERATOR_KEY_PREFIX } from './operator-authenticator.js';
import { hashPassword, passwordRuleViolation } from './operator-password.js';
import type { OperatorPrincipal } from './operator-principal.js';
import { roleIncludes } from './operator-role.decorator.js';
import { OperatorErrors } from './operators.errors.js';
import { OperatorsRepository, type HistoryActor, type HistoryLine } from './operators.repository.js';
import { OperatorAccount } from './entities/operator-account.entity.js';
import { OperatorApiKey } from './entities/operator-api-key.entity.js';
import type { OperatorAccountHistory } from './entities/operator-account-history.entity.js';

/**
 * Operator accounts (safeguards notice art. 5): created, changed and disabled by an admin, each change
 * kept in the account's history; and each account's personal API keys, issued by the account itself.
 */
@Injectable()
export class OperatorAccountsService {
  private readonly production: boolean;

  constructor(
    private readonly repository: OperatorsRepository,
    @Inject(SERVICE_CONFIG) config: ServiceConfig,
  ) {
    this.production = config.NODE_ENV === 'production';
  }

  async create(by: OperatorPrincipal, body: CreateOperatorAccountDto): Promise<OperatorAccountDto> {
    // In production the guard lets the bootstrap key this far only while no admin exists: it creates the first admin.
    if (by.kind === 'bootstrap' && this.production && body.role !== 'admin') throw OperatorErrors.bootstrapAdminOnly();
    const violation = passwordRuleViolation(body.password);
    if (violation) throw OperatorErrors.password(violation);
    const account = Object.assign(new OperatorAccount(), {
      id: uuidv7(),
      email: body.email,
      name: body.name,
      role: body.role,
      passwordHash: await hashPassword(body.password),
    });
    if (!(await this.repository.insertAccount(account, actorOf(by)))) throw OperatorErrors.emailTaken();
    return toOperatorAccountResponse((await this.repository.findAccount(account.id))!);
  }

  async list(): Promise<OperatorAccountDto[]> {
    return (await this.repository.listAccounts()).map(toOperatorAccountResponse);
  }

  async get(id: string): Promise<OperatorAccountDto> {
    const account = await this.repository.findAccount(id);
    if (!account) throw OperatorErrors.accountNotFound(id);
    return toOperatorAccountResponse(account);
  }

  async update(by: OperatorPrincipal, id: string, body: UpdateOperatorAccountDto): Promise<OperatorAccountDto> {
    if (body.password !== undefined) {
      const violation = passwordRuleViolation(body.password);
      if (violation) throw OperatorErrors.password(violation);
    }
    const passwordHash = body.password === undefined ? undefined : await hashPassword(body.password);
    const updated = await this.repository.updateAccount(
      id,
      async (account, tx) => {
        const columns: Partial<OperatorAccount> = {};
        const lines: HistoryLine[] = [];
        if (body.name !== undefined && body.name !== account.name) {
          columns.name = body.name;
          lines.push({ event: 'name-changed', before: account.name, after: body.name });
        }
        if (body.role !== undefined && body.role !== account.role) {
          columns.role = body.role;
          lines.push({ event: 'role-changed', before: account.role, after: body.role });
        }
        if (body.disabled === true && !account.disabledAt) {
          columns.disabledAt = new Date();
          lines.push({ event: 'disabled' });
        } else if (body.disabled === false && account.disabledAt) {
          columns.disabledAt = null;
          lines.push({ event: 'enabled' });
        }
        if (passwordHash !== undefined) {
          Object.assign(columns, { passwordHash, failedSignIns: 0, lockedUntil: null });
          lines.push({ event: 'password-reset' });
        }
        const stillAdmin =
          (columns.role ?? account.role) === 'admin' && (columns.disabledAt === undefined ? !account.disabledAt : !columns.disabledAt);
        if (account.role === 'admin' && !account.disabledAt && !stillAdmin && !(await this.repository.otherEnabledAdmin(tx, id))) {
          throw OperatorErrors.lastAdmin();
        }
        return { columns, lines };
      },
      actorOf(by),
    );
    if (!updated) throw OperatorErrors.accountNotFound(id);
    return toOperatorAccountResponse(updated);
  }

  async resetSecondFactor(by: OperatorPrincipal, id: string): Promise<void> {
    if (!(await this.repository.resetSecondFactor(id, actorOf(by)))) throw OperatorErrors.accountNotFound(id);
  }

  async history(id: string, query: PageQueryDto): Promise<OperatorAccountHistoryDto> {
    await this.get(id);
    return pagedList(query, (window) => this.repository.history(id, window), toHistoryEntryResponse);
  }

  /** A personal key for the account itself: the plain key is in the answer and nowhere else, ever. */
  async issueApiKey(by: OperatorPrincipal, accountId: string, name: string | null): Promise<OperatorApiKeyIssuedDto> {
    if (by.kind === 'bootstrap') throw OperatorErrors.personOnly();
    if (by.id !== accountId) throw OperatorErrors.notYours();
    const plain = randomSecret(OPERATOR_KEY_PREFIX);
    const key = Object.assign(new OperatorApiKey(), {
      id: uuidv7(),
      accountId,
      name,
      prefix: plain.slice(0, OPERATOR_KEY_PREFIX.length + 4),
      keyHash: sha256Hex(plain),
      createdAt: new Date(),
      revokedAt: null,
    });
    const saved = await this.repository.insertApiKey(key, actorOf(by));
    return { ...toApiKeyResponse(saved), apiKey: plain };
  }

  async listApiKeys(by: OperatorPrincipal, accountId: string): Promise<OperatorApiKeyListDto> {
    this.selfOrAdmin(by, accountId);
    await this.get(accountId);
    return { data: (await this.repository.listApiKeys(accountId)).map(toApiKeyResponse) };
  }

  async revokeApiKey(by: OperatorPrincipal, accountId: string, keyId: string): Promise<void> {
    this.selfOrAdmin(by, accountId);
    if (!(await this.repository.revokeApiKey(accountId, keyId, actorOf(by)))) throw OperatorErrors.apiKeyNotFound(keyId);
  }

  private selfOrAdmin(by: OperatorPrincipal, accountId: string): void {
    if (by.id !== accountId && !roleIncludes(by.role, 'admin')) throw OperatorErrors.notYours();
  }
}

function actorOf(principal: OperatorPrincipal): HistoryActor {
  return { kind: principal.kind, id: principal.id };
}

export function toOperatorAccountResponse(account: OperatorAccount): OperatorAccountDto {
  return {
    id: account.id,
    email: account.email,
    name: account.name,
    role: account.role as OperatorRoleName,
    secondFactorEnrolled: account.totpEnrolledAt !== null,
    lockedUntil: account.lockedUntil && account.lockedUntil.getTime() > Date.now() ? account.lockedUntil.toISOString() : null,
    disabledAt: account.disabledAt ? account.disabledAt.toISOString() : null,
    createdAt: account.createdAt.toISOString(),
  };
}

function toHistoryEntryResponse(row: OperatorAccountHistory): OperatorAccountHistoryDto['data'][number] {
  return {
    id: row.id,
    accountId: row.accountId,
    event: row.event as OperatorAccountHistoryDto['data'][number]['event'],
    before: row.before,
    after: row.after,
    byKind: row.byKind,
    byId: row.byId,
    at: new Date(row.at).toISOString(),
  };
}

function toApiKeyResponse(key: OperatorApiKey): OperatorApiKeyDto {
  return {
    id: key.id,
    accountId: key.accountId,
    name: key.name,
    prefix: key.prefix,
    createdAt: key.createdAt.toISOString(),
    revokedAt: key.revokedAt ? key.revokedAt.toISOString() : null,
  };
}
