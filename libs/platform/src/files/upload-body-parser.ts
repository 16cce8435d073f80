import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { HttpAdapterHost } from '@nestjs/core';
import { errorCodes, type FastifyInstance, type FastifyRequest } from 'fastify';
import { EVIDENCE_MIME_TYPES, FileUploadQueryDto, MAX_EVIDENCE_FILE_BYTES } from '#contracts';
import { MergeRouteConfig } from '../http/route-config.js';
import { FILE_STORAGE, type FileStorage } from './file-storage.js';
import { FileErrors } from './file.errors.js';
import { LocalFileStorage } from './local-file-storage.js';
import { uuidParam } from '../http/params.js';
import { validatePlain } from '../http/validation.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    takesEvidenceBytes?: boolean;
  }
}

/** Marks the one route that receives raw evidence bytes (the local driver's upload). */
export const TakesEvidenceBytes = () => MergeRouteConfig({ takesEvidenceBytes: true });

/**
 * The app parses JSON only. This adds a parser for the evidence types that hands the body over as a
 * Buffer, up to 10 MiB, on routes marked @TakesEvidenceBytes(); every other route still answers 415
 * to those types, and JSON keeps its own parser and BODY_LIMIT_BYTES.
 *
 * On those routes the upload URL is checked before the body is read, so a stranger's 10 MiB is never
 * buffered: with another driver than local the route is 404 (uploads go to S3); a malformed file id,
 * `expires` or `signature` is 400 naming each; a signature not issued for the file or an expired
 * URL is 403. The route's own validation and checks then run on what passed.
 */
@Injectable()
export class UploadBodyParser implements OnModuleInit {
  constructor(
    private readonly adapterHost: HttpAdapterHost,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  onModuleInit(): void {
    const fastify = this.adapterHost.httpAdapter.getInstance<FastifyInstance>();
    fastify.addHook('preParsing', async (request, _reply, payload) => {
      if (request.routeOptions.config.takesEvidenceBytes === true) await this.refuseUnsignedUpload(request);
      return payload;
    });
    fastify.addContentTypeParser(
      [...EVIDENCE_MIME_TYPES],
      { parseAs: 'buffer', bodyLimit: MAX_EVIDENCE_FILE_BYTES },
      (request, body, done) => {
        if (request.routeOptions.config.takesEvidenceBytes === true) done(null, body);
        else done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type']), undefined);
      },
    );
  }

  /** The route's own rules (its path parameter's pipe and query DTO), then the signature, before the body is read. */
  private async refuseUnsignedUpload(request: FastifyRequest): Promise<void> {
    if (!(this.storage instanceof LocalFileStorage)) throw FileErrors.uploadNotHere();
    const fileId = (await uuidParam('fileId').transform((request.params as { fileId?: string }).fileId ?? '', { type: 'param' })) as string;
    const query = validatePlain(FileUploadQueryDto, (request.query ?? {}) as object, '');
    this.storage.checkUploadUrl(fileId, query.expires, query.signature);
  }
}
