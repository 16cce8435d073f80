import { Controller, Get, Header, Query, Redirect } from '@nestjs/common';
import { ApiExtraModels, ApiOkResponse, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { SsoAssertionClaimsDto, SsoLoginQueryDto, SsoLoginRedirectDto, TokenQueryDto, TokenResponseDto } from '#contracts';
import { ApiProblems, Public } from '#platform';
import { AuthService, CODE_TTL_SECONDS } from './auth.service.js';

const SSO_FLOW = `Planners sign in through their organisation; the browser carries everything:

1. The organisation's sign-in server signs an **assertion**: an HS256 JWT with its SSO secret, claims as in \`SsoAssertionClaims\`
   (\`iss\` = organisation id, \`aud\` = the service's SSO audience, \`jti\`, \`iat\`, \`exp\` at most 300 s later, \`fcUserCi\`, \`name\`,
   optional \`phone\` and \`role\`).
2. It sends the browser to \`GET /api/v1/auth/sso?assertion=…&redirectUri=…&state=…\`.
3. This service verifies it, creates or updates the planner, and answers **302** to \`redirectUri?code=…&state=…\`
   (\`SsoLoginResponse\`). A redirect URI not registered for the organisation is a 400 problem, never a redirect; every refusal is a
   problem body.
4. The front end exchanges the code (once, within ${CODE_TTL_SECONDS} s) at \`GET /api/v1/auth/token?code=…\` for a \`TokenResponse\`,
   calls the API with \`Authorization: Bearer <accessToken>\`, and before the access token expires calls
   \`GET /api/v1/auth/token?refreshToken=…\` for new tokens. Each refresh token works once: presenting a used one revokes that sign-in's
   tokens.`;

@ApiTags('auth')
@Public()
@Controller('api/v1/auth')
export class AuthController {
  constructor(private readonly auth: AuthService) {}

  @Get('sso')
  @Redirect(undefined, 302)
  @Header('Cache-Control', 'no-store')
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
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: 'Exchange a sign-in code or a refresh token for tokens',
    description: `Send exactly one of \`code\` (valid once, for ${CODE_TTL_SECONDS} s) and \`refreshToken\` (valid once: each call returns its successor).`,
  })
  @ApiOkResponse({ type: TokenResponseDto })
  @ApiProblems(400, 401, 403)
  token(@Query() query: TokenQueryDto): Promise<TokenResponseDto> {
    return this.auth.issueTokens(query);
  }
}
