import { ApiKey } from '../api-keys/entities/api-key.entity.js';
import { StoredFile } from '../files/entities/stored-file.entity.js';
import { Partner } from '../partners/entities/partner.entity.js';

/** Every entity of the service, listed explicitly (no globs: they break in bundled or ESM builds). */
export const ENTITIES = [Partner, ApiKey, StoredFile];
