import { Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { RouteConfig } from '@nestjs/platform-fastify';
import { errorCodes, type FastifyInstance } from 'fastify';
import { EVIDENCE_MIME_TYPES, MAX_EVIDENCE_FILE_BYTES } from '#contracts';

declare module 'fastify' {
  interface FastifyContextConfig {
    takesEvidenceBytes?: boolean;
  }
}

/** Marks the one route that receives raw evidence bytes (the local driver's upload). */
export const TakesEvidenceBytes = () => RouteConfig({ takesEvidenceBytes: true });

/**
 * The app parses JSON only. This adds a parser for the evidence types that hands the body over as a
 * Buffer, up to 10 MiB, on routes marked @TakesEvidenceBytes(); every other route still answers 415
 * to those types, and JSON keeps its own parser and BODY_LIMIT_BYTES.
 */
@Injectable()
export class UploadBodyParser implements OnModuleInit {
  constructor(private readonly adapterHost: HttpAdapterHost) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addContentTypeParser(
      [...EVIDENCE_MIME_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_EVIDENCE_FILE_BYTES },
      (request, body, done) => {
        if (request.routeOptions.config.takesEvidenceBytes === true) done(null, body);
        else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
      },
    );
  }
}
