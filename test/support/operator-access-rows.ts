import request from 'supertest';
import type { OperatorAccountDto, OperatorAccountListDto, OperatorApiKeyIssuedDto } from '#contracts';
import type { AccessAction, AccessActor, AccessSubject } from '#platform';
import { subject } from './access-records.js';
import { asSession, createOperator, signedInOperator } from './operators.js';
import { OPERATOR_KEY } from './test-app.js';

type Method = 'get' | 'post' | 'patch' | 'delete';

/** What each service's table gives the operators' rows. */
export interface OperatorRowContext {
  app: { url: string };
  /** The bootstrap key's actor as this service names it. */
  bootstrap: AccessActor;
  /** The measured call: sends `key` in X-API-Key from the row's client address; answers the body. */
  send: (key: string, method: Method, path: string, options?: { body?: object; status?: number }) => Promise<unknown>;
}

/** What a row's call must leave on record. */
export interface OperatorRowResult {
  actor: AccessActor;
  subjects: AccessSubject[];
}

export interface OperatorRow {
  action: AccessAction;
  run: (context: OperatorRowContext) => Promise<OperatorRowResult>;
}

const operator = (id: string) => subject('operator', id);

/** An operator with a personal key of their own (issued on their session), for the keys' rows. */
async function keyedOperator(app: { url: string }): Promise<{ account: OperatorAccountDto; key: string; keyId: string }> {
  const signedIn = await signedInOperator(app, 'viewer');
  const issued = (await asSession(app, signedIn).post(`/api/v1/admin/operators/${signedIn.account.id}/api-keys`).send({}).expect(201))
    .body as OperatorApiKeyIssuedDto;
  return { account: signedIn.account, key: issued.apiKey, keyId: issued.id };
}

/**
 * The operators' accounts (the platform's OperatorAccounts_* operations, the same in both services):
 * other people's names and e-mails, so each call is an access record naming the account. Each
 * service's table test spreads these rows into its own.
 */
export const OPERATOR_ACCOUNT_ROWS: Record<string, OperatorRow> = {
  OperatorAccounts_create: {
    action: 'input',
    run: async ({ bootstrap, send }) => {
      const email = `recorded.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
      const body = { email, name: '기록 운영자', role: 'viewer', password: 'Tiger#2026' };
      const created = (await send(OPERATOR_KEY, 'post', '/api/v1/admin/operators', { body, status: 201 })) as OperatorAccountDto;
      return { actor: bootstrap, subjects: [operator(created.id)] };
    },
  },
  OperatorAccounts_list: {
    action: 'view',
    run: async ({ app, bootstrap, send }) => {
      const account = await createOperator(app, 'viewer');
      const listed = ((await send(OPERATOR_KEY, 'get', '/api/v1/admin/operators')) as OperatorAccountListDto).data.map((one) =>
        operator(one.id),
      );
      expect(listed).toContainEqual(operator(account.id));
      return { actor: bootstrap, subjects: listed };
    },
  },
  OperatorAccounts_get: {
    action: 'view',
    run: async ({ app, bootstrap, send }) => {
      const account = await createOperator(app, 'viewer');
      await send(OPERATOR_KEY, 'get', `/api/v1/admin/operators/${account.id}`);
      return { actor: bootstrap, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_update: {
    action: 'change',
    run: async ({ app, bootstrap, send }) => {
      const account = await createOperator(app, 'viewer');
      await send(OPERATOR_KEY, 'patch', `/api/v1/admin/operators/${account.id}`, { body: { role: 'reviewer' } });
      return { actor: bootstrap, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_resetSecondFactor: {
    action: 'change',
    run: async ({ app, bootstrap, send }) => {
      const account = await createOperator(app, 'viewer');
      await send(OPERATOR_KEY, 'post', `/api/v1/admin/operators/${account.id}/second-factor/reset`, { status: 204 });
      return { actor: bootstrap, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_history: {
    action: 'view',
    run: async ({ app, bootstrap, send }) => {
      const account = await createOperator(app, 'viewer');
      await send(OPERATOR_KEY, 'get', `/api/v1/admin/operators/${account.id}/history`);
      return { actor: bootstrap, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_issueApiKey: {
    action: 'change',
    run: async ({ app, send }) => {
      const { account, key } = await keyedOperator(app);
      await send(key, 'post', `/api/v1/admin/operators/${account.id}/api-keys`, { body: { name: 'nightly export' }, status: 201 });
      return { actor: { kind: 'operator', id: account.id }, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_listApiKeys: {
    action: 'view',
    run: async ({ app, send }) => {
      const { account, key } = await keyedOperator(app);
      await send(key, 'get', `/api/v1/admin/operators/${account.id}/api-keys`);
      return { actor: { kind: 'operator', id: account.id }, subjects: [operator(account.id)] };
    },
  },
  OperatorAccounts_revokeApiKey: {
    action: 'change',
    run: async ({ app, bootstrap, send }) => {
      const { account, key, keyId } = await keyedOperator(app);
      await send(OPERATOR_KEY, 'delete', `/api/v1/admin/operators/${account.id}/api-keys/${keyId}`, { status: 204 });
      // The key is dead at once: its own next call is refused.
      await request(app.url).get(`/api/v1/admin/operators/${account.id}/api-keys`).set('X-API-Key', key).expect(401);
      return { actor: bootstrap, subjects: [operator(account.id)] };
    },
  },
};
