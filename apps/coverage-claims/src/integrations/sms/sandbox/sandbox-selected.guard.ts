import { Injectable, NotFoundException, type CanActivate, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { CoverageClaimsConfig } from '../../../config/coverage-claims.config.js';

/**
 * The sandbox's operator routes exist only while SMS_ADAPTER=sandbox: otherwise they answer exactly
 * as an unknown route does (after the operator key is checked).
 */
@Injectable()
export class SandboxSelectedGuard implements CanActivate {
  constructor(private readonly config: CoverageClaimsConfig) {}

  canActivate(context: ExecutionContext): boolean {
    if (this.config.SMS_ADAPTER === 'sandbox') return true;
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    throw new NotFoundException(`Cannot ${request.method} ${request.url.split('?')[0]}`);
  }
}
