import { UserRole } from '#contracts';

export { UserRole };

/** The signed-in user as the guard hands them to handlers: read from the database on every request. */
export interface UserPrincipal {
  userId: string;
  organisationId: string;
  role: UserRole;
}

/** Claims of an access token besides iss, aud, exp, iat and jti. */
export interface AccessTokenClaims {
  sub: string;
  org: string;
  role: UserRole;
}
