import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { HeaderAPIKeyStrategy } from 'passport-headerapikey';
import { ApiKeysService } from '../api-keys/api-keys.service.js';
import type { ApiKeyPrincipal } from './principal.js';

export const API_KEY_STRATEGY = 'api-key';

@Injectable()
export class ApiKeyStrategy extends PassportStrategy(HeaderAPIKeyStrategy, API_KEY_STRATEGY) {
  constructor(private readonly apiKeys: ApiKeysService) {
    super({ header: 'X-API-Key', prefix: '' }, false);
  }

  /** Unknown and revoked keys give `false`, which the guard turns into 401 API_KEY_INVALID. */
  async validate(apiKey: string): Promise<ApiKeyPrincipal | false> {
    return (await this.apiKeys.authenticate(apiKey)) ?? false;
  }
}
