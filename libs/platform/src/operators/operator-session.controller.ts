import { Body, Controller, Delete, Get, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiSecurity, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  OperatorSecondFactorDto,
  OperatorSessionDto,
  OperatorSignInChallengeDto,
  OperatorSignInDto,
  OperatorSignedInDto,
} from '#contracts';
import { NoStore } from '../http/no-store.js';
import { Public } from '../http/public.decorator.js';
import { ApiProblem, ApiProblems } from '../openapi/api-docs.decorators.js';
import { API_KEY_SCHEME } from '../openapi/openapi.js';
import { CurrentOperator } from './current-operator.decorator.js';
import { clearSessionCookie, setSessionCookie } from './operator-cookie.js';
import type { OperatorPrincipal } from './operator-principal.js';
import { OperatorRole } from './operator-role.decorator.js';
import { OperatorSignInService } from './operator-sign-in.service.js';

@ApiTags('admin: operators')
@Controller('api/v1/admin/session')
export class OperatorSessionController {
  constructor(private readonly signIns: OperatorSignInService) {}

  @Post()
  @Public()
  @HttpCode(200)
  @NoStore()
  @ApiOperation({
    summary: 'Sign in as an operator: e-mail and password',
    description:
      'Answers a challenge for POST /api/v1/admin/session/second-factor. On the first sign-in (and after an admin reset the second factor) the answer carries the TOTP secret to enrol. Five failures in a row (password or code) lock the account for 15 minutes (423).',
  })
  @ApiOkResponse({ type: OperatorSignInChallengeDto })
  @ApiProblems(400, 423)
  @ApiProblem(401, 'SIGN_IN_FAILED: the e-mail and password do not match an enabled account')
  signIn(@Req() request: FastifyRequest, @Body() body: OperatorSignInDto): Promise<OperatorSignInChallengeDto> {
    return this.signIns.signIn(request, body.email, body.password);
  }

  @Post('second-factor')
  @Public()
  @HttpCode(200)
  @NoStore()
  @ApiOperation({
    summary: 'Complete sign-in with the TOTP code (or a recovery code)',
    description:
      "Sets the `__Host-operator_session` cookie (HttpOnly, Secure, SameSite=Strict, Path=/): the session ends after 30 minutes without a request and 12 hours after sign-in. Send the answer's `csrfToken` as `X-CSRF-Token` on every state-changing request made with the cookie. At the end of enrolment the answer shows the ten recovery codes, once.",
  })
  @ApiOkResponse({ type: OperatorSignedInDto })
  @ApiProblems(400, 423)
  @ApiProblem(401, 'SIGN_IN_CHALLENGE_INVALID (sign in again) or SECOND_FACTOR_INVALID')
  async secondFactor(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
    @Body() body: OperatorSecondFactorDto,
  ): Promise<OperatorSignedInDto> {
    const signedIn = await this.signIns.secondFactor(request, body.challenge, body.code, body.recoveryCode);
    setSessionCookie(reply, signedIn.token, signedIn.maxAgeSeconds);
    return signedIn.body;
  }

  @Get()
  @OperatorRole('viewer')
  @ApiSecurity(API_KEY_SCHEME)
  @NoStore()
  @ApiOperation({ summary: 'Who is signed in (the session cookie, or a personal API key)' })
  @ApiOkResponse({ type: OperatorSessionDto })
  @ApiProblems(401, 403)
  current(@CurrentOperator() operator: OperatorPrincipal): Promise<OperatorSessionDto> {
    return this.signIns.current(operator);
  }

  @Delete()
  @OperatorRole('viewer')
  @HttpCode(204)
  @ApiOperation({ summary: 'Sign out: the session ends and its cookie is cleared (needs X-CSRF-Token)' })
  @ApiNoContentResponse()
  @ApiProblems(401, 403)
  async signOut(@CurrentOperator() operator: OperatorPrincipal, @Res({ passthrough: true }) reply: FastifyReply): Promise<void> {
    await this.signIns.signOut(operator);
    clearSessionCookie(reply);
  }
}
