import { Controller, Get, HttpCode, Post, Query, Redirect } from '@nestjs/common';
import { ApiExtraModels, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SsoAssertionClaimsDto, SsoLoginQueryDto, SsoLoginRedirectDto, TokenQueryDto, TokenResponseDto } from '#contracts';
import { ApiProblems, NoStore, Public, RateLimitedBy } from '#platform';
import { BearerAuth, CurrentUser } from './auth.decorators.js';
import { AuthService, CODE_TTL_SECONDS } from './auth.service.js';
import type { AuthenticatedUser } from './principal.js';

const SSO_FLOW = `Planners sign in through their organisation; the browser carries everything:

0. The front end makes a PKCE pair (RFC 7636): a random \`code_verifier\` (43–128 characters) that it keeps, and
   \`code_challenge\` = BASE64URL(SHA-256(code_verifier)).
1. The organisation's sign-in server signs an **assertion**: an HS256 JWT with its SSO secret, claims as in \`SsoAssertionClaims\`
   (\`iss\` = organisation id, \`aud\` = the service's SSO audience, \`jti\`, \`iat\`, \`exp\` at most 300 s later, \`fcUserCi\`, \`name\`,
   optional \`phone\` and \`role\`).
2. It sends the browser to \`GET /api/v1/auth/sso?assertion=…&redirectUri=…&state=…&code_challenge=…&code_challenge_method=S256\`.
3. This service verifies it, creates or updates the planner, and answers **302** to \`redirectUri?code=…&state=…\`
   (\`SsoLoginResponse\`). A redirect URI not registered for the organisation is a 400 problem, never a redirect; every refusal is a
   problem body.
4. The front end exchanges the code (once, within ${CODE_TTL_SECONDS} s) at \`GET /api/v1/auth/token?code=…&code_verifier=…&redirectUri=…\`
   (the same redirect URI) for a \`TokenResponse\`,
   calls the API with \`Authorization: Bearer <accessToken>\`, and before the access token expires calls
   \`GET /api/v1/auth/token?refreshToken=…\` for new tokens. Each refresh token works once: presenting a used one revokes that sign-in's
   tokens. A sign-in lasts at most SIGN_IN_LIFETIME_SECONDS however often it is refreshed; \`POST /api/v1/auth/sign-out\` ends it.`;

@ApiTags('auth')
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('sso')
  @NoStore()
  @Public()
  @RateLimitedBy('sign-in')
  @Redirect(undefined, 302)
  @ApiOperation({ summary: 'SSO sign-in: verify the assertion, then redirect back with a one-time code', description: SSO_FLOW })
  @ApiExtraModels(SsoLoginQueryDto, SsoLoginRedirectDto, SsoAssertionClaimsDto)
  @ApiResponse({
    status: 302,
    description: 'Signed in: back to the redirect URI with `code` and `state` (SsoLoginResponse) in its query',
    headers: {
      Location: { description: '`redirectUri` with `code` (and `state`) appended', schema: { type: 'string', format: 'uri' } },
    },
  })
  @ApiProblems(400, 401, 403)
  async sso(@Query() query: SsoLoginQueryDto): Promise<{ url: string }> {
    return { url: await this.auth.signIn(query) };
  }

  @Get('token')
  @NoStore()
  @Public()
  @RateLimitedBy('sign-in')
  @ApiOperation({
    summary: 'Exchange a sign-in code or a refresh token for tokens',
    description: `Send exactly one of \`code\` (valid once, for ${CODE_TTL_SECONDS} s) and \`refreshToken\` (valid once: each call returns its successor).`,
  })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiProblems(400, 401, 403)
  token(@Query() query: TokenQueryDto): Promise<TokenResponseDto> {
    return this.auth.issueTokens(query);
  }

  @Post('sign-out')
  @HttpCode(204)
  @BearerAuth()
  @ApiOperation({
    summary: 'Sign out',
    description:
      'Ends the sign-in the access token was issued under: from this call on, that access token and every other access and refresh token of the sign-in are refused (401). Other sign-ins of the planner are untouched.',
  })
  @ApiNoContentResponse({ description: 'Signed out' })
  async signOut(@CurrentUser() user: AuthenticatedUser): Promise<void> {
    await this.auth.signOut(user);
  }
}
