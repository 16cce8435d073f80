import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';

export interface OpenApiInfo {
  title: string;
  description: string;
  version: string;
  /** The security schemes operations refer to: `api-key` (X-API-Key header) and/or `bearer` (JWT). */
  auth: OpenApiAuth | OpenApiAuth[];
}

export type OpenApiAuth = 'api-key' | 'bearer';

export const API_KEY_SCHEME = 'ApiKey';
export const BEARER_SCHEME = 'Bearer';

export function buildOpenApiDocument(app: INestApplication, info: OpenApiInfo): OpenAPIObject {
  const builder = new DocumentBuilder().setTitle(info.title).setDescription(info.description).setVersion(info.version).setOpenAPIVersion('3.0.3');
  const schemes = Array.isArray(info.auth) ? info.auth : [info.auth];
  if (schemes.includes('api-key')) builder.addApiKey({ type: 'apiKey', in: 'header', name: 'X-API-Key' }, API_KEY_SCHEME);
  if (schemes.includes('bearer')) builder.addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }, BEARER_SCHEME);
  return SwaggerModule.createDocument(app, builder.build(), {
    operationIdFactory: (controllerKey, methodKey) => `${controllerKey.replace(/Controller$/, '')}_${methodKey}`,
  });
}

/** Serves the interactive documentation at /docs and the document itself at /docs/openapi.json. */
export function serveOpenApi(app: INestApplication, document: OpenAPIObject): void {
  SwaggerModule.setup('docs', app, document, {
    jsonDocumentUrl: 'docs/openapi.json',
    raw: ['json'],
    swaggerOptions: { persistAuthorization: true },
  });
}
