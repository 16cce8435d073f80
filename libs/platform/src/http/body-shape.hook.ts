import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { jsonShapeErrors } from './json-shape.js';
import { validationFailed } from './validation.js';

/**
 * Checks every parsed JSON body (jsonShapeErrors: depth, key count, reserved keys, NUL, unpaired
 * surrogates) once, after Fastify parsed it and before the route's guards, interceptors and pipes
 * read it. Bodies parsed as bytes (evidence uploads) are not JSON and are never walked.
 */
export function checkJsonBodies(fastify: FastifyInstance): void {
  fastify.addHook('preValidation', async (request) => {
    const body = request.body;
    if (body === undefined || Buffer.isBuffer(body) || body instanceof Readable) return;
    const errors = jsonShapeErrors(body);
    if (errors.length > 0) throw validationFailed(errors);
  });
}
