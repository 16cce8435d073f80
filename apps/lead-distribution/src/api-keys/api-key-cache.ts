import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import pg from 'pg';
import { DATABASE_URL } from '#platform';
import type { ApiKeyPrincipal } from '../auth/principal.js';

export const API_KEY_REVOKED_CHANNEL = 'api_key_revoked';
const TTL_MS = 60_000;
const MAX_ENTRIES = 10_000;
const RECONNECT_MIN_MS = 1_000;
const RECONNECT_MAX_MS = 60_000;

/**
 * Remembers recently authenticated keys (by hash) so that a request does not cost a database round
 * trip. Revocation reaches every instance at once: revoking NOTIFYs the key's hash, and each
 * instance LISTENs and forgets it. While the LISTEN connection is down nothing is cached, and the
 * cache is emptied when it drops, so a missed notification cannot keep a revoked key alive.
 */
@Injectable()
export class ApiKeyCache implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ApiKeyCache.name);
  private readonly entries = new Map<string, { principal: ApiKeyPrincipal; expiresAt: number }>();
  private listener: pg.Client | undefined;
  /** The client being connected (a reconnect may be under way when the module closes). */
  private connecting: pg.Client | undefined;
  private reconnectTimer: NodeJS.Timeout | undefined;
  private listening = false;
  private closed = false;
  private reconnectDelay = RECONNECT_MIN_MS;
  /** Bumped on every revocation; a look-up that started before one may not fill the cache. */
  private generation = 0;

  constructor(@Inject(DATABASE_URL) private readonly databaseUrl: string) {}

  async onModuleInit(): Promise<void> {
    await this.listen().catch((error: unknown) => this.scheduleReconnect(error));
  }

  async onModuleDestroy(): Promise<void> {
    this.closed = true;
    this.listening = false;
    clearTimeout(this.reconnectTimer);
    await Promise.all([this.listener?.end(), this.connecting?.end()].map((ended) => ended?.catch(() => undefined)));
  }

  get(keyHash: string): ApiKeyPrincipal | undefined {
    const entry = this.entries.get(keyHash);
    if (!entry) return undefined;
    if (entry.expiresAt < Date.now()) {
      this.entries.delete(keyHash);
      return undefined;
    }
    return entry.principal;
  }

  /** The current generation, to hand back to set() after the database look-up. */
  begin(): number {
    return this.generation;
  }

  set(keyHash: string, principal: ApiKeyPrincipal, generation: number): void {
    if (!this.listening || generation !== this.generation) return;
    if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(keyHash, { principal, expiresAt: Date.now() + TTL_MS });
  }

  forget(keyHash: string): void {
    this.generation += 1;
    this.entries.delete(keyHash);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'api-key-cache' });
    client.on('notification', (message) => {
      if (message.payload) this.forget(message.payload);
    });
    client.on('error', (error) => this.dropped(error));
    client.on('end', () => this.dropped());
    this.connecting = client;
    try {
      await client.connect();
      await client.query(`LISTEN ${API_KEY_REVOKED_CHANNEL}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    } finally {
      this.connecting = undefined;
    }
    // Closed while connecting: onModuleDestroy ended this client, or ends it now.
    if (this.closed) return void (await client.end().catch(() => undefined));
    this.listener = client;
    this.listening = true;
    this.reconnectDelay = RECONNECT_MIN_MS;
  }

  private dropped(error?: unknown): void {
    if (!this.listening && this.listener === undefined) return;
    this.listening = false;
    this.listener = undefined;
    this.generation += 1;
    this.entries.clear();
    if (!this.closed) this.scheduleReconnect(error);
  }

  private scheduleReconnect(error: unknown): void {
    if (this.closed) return;
    this.logger.warn(
      { error: error instanceof Error ? error.message : undefined },
      'API key cache is not listening for revocations; caching is off until it reconnects',
    );
    // Backs off to a minute, so a database that refuses LISTEN (a transaction pooler) is not hammered.
    this.reconnectTimer = setTimeout(
      () => void this.listen().catch((retryError: unknown) => this.scheduleReconnect(retryError)),
      this.reconnectDelay,
    ).unref();
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }
}
