import { Injectable } from '@nestjs/common';
import { pagedList, settleIdempotentAnswer, uuidv7 } from '#platform';
import {
  ApiKeyRole,
  type ApiKeyDto,
  type ApiKeyIssuedDto,
  type CreateProviderDto,
  type ListProvidersQueryDto,
  type ProviderDto,
  type ProviderListDto,
} from '#contracts';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { Provider } from './entities/provider.entity.js';
import { ProviderErrors } from './providers.errors.js';
import { ProvidersRepository } from './providers.repository.js';

@Injectable()
export class ProvidersService {
  constructor(
    private readonly providers: ProvidersRepository,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async create(input: CreateProviderDto): Promise<ProviderDto> {
    const id = input.id ?? uuidv7();
    // The answer to an Idempotency-Key commits with the provider (settleIdempotentAnswer).
    return this.providers.transaction(async (tx) => {
      if (!(await this.providers.insertIfAbsent(tx, { id, name: input.name } as Provider))) throw ProviderErrors.alreadyExists(id);
      const answer = toProviderResponse((await this.providers.findById(id, tx))!);
      await settleIdempotentAnswer(tx, answer);
      return answer;
    });
  }

  list(query: ListProvidersQueryDto): Promise<ProviderListDto> {
    return pagedList(query, (window) => this.providers.list(query.search, window), toProviderResponse);
  }

  async get(id: string): Promise<ProviderDto> {
    return toProviderResponse(await this.require(id));
  }

  find(id: string): Promise<Provider | null> {
    return this.providers.findById(id);
  }

  async require(id: string): Promise<Provider> {
    const provider = await this.providers.findById(id);
    if (!provider) throw ProviderErrors.notFound(id);
    return provider;
  }

  async issueKey(providerId: string, name: string | null): Promise<ApiKeyIssuedDto> {
    await this.require(providerId);
    return this.apiKeys.issue({ role: ApiKeyRole.Provider, providerId }, name);
  }

  async listKeys(providerId: string): Promise<ApiKeyDto[]> {
    await this.require(providerId);
    return this.apiKeys.listForProvider(providerId);
  }
}

export function toProviderResponse(provider: Provider): ProviderDto {
  return { id: provider.id, name: provider.name, createdAt: provider.createdAt.toISOString() };
}
