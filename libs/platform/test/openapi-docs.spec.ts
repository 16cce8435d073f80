import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import request from 'supertest';
import { serveOpenApi } from '#platform';

@Module({})
class EmptyModule {}

/** The Swagger UI options /docs runs with, as its init script carries them. */
async function docsOptions(production: boolean): Promise<{ persistAuthorization: boolean }> {
  const app = await NestFactory.create<NestFastifyApplication>(EmptyModule, new FastifyAdapter(), { logger: false });
  try {
    serveOpenApi(app, SwaggerModule.createDocument(app, new DocumentBuilder().setTitle('probe').build()), { production });
    await app.listen(0, '127.0.0.1');
    const init = await request(app.getHttpServer()).get('/docs/swagger-ui-init.js').expect(200);
    const options = /"customOptions":\s*(\{[^}]*\})/.exec(init.text);
    expect(options).not.toBeNull();
    return JSON.parse(options![1]) as { persistAuthorization: boolean };
  } finally {
    await app.close();
  }
}

describe('the /docs page', () => {
  it('keeps the key typed into "Authorize" only in the page in production, never in the browser’s storage', async () => {
    expect((await docsOptions(true)).persistAuthorization).toBe(false);
  });

  it('keeps it across reloads elsewhere (a developer’s machine, the guides)', async () => {
    expect((await docsOptions(false)).persistAuthorization).toBe(true);
  });
});
