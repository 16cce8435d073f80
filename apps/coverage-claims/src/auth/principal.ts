import { UserRole } from '#contracts';

export { UserRole };

/** The signed-in user as the guard hands them to handlers: read from the database on every request. */
export interface UserPrincipal {
  userId: string;
  organisationId: string;
  role: UserRole;
}

/** The user of a Bearer request, with the sign-in (`sid`) their access token was issued under. */
export interface AuthenticatedUser extends UserPrincipal {
  signInId: string;
}

/** Claims of an access token besides iss, aud, exp, iat and jti. */
export interface AccessTokenClaims {
  sub: string;
  org: string;
  role: UserRole;
  /** The sign-in (sign_ins.id): sign-out or a reused refresh token revokes it, and with it this token. */
  sid: string;
}

/**
 * What of the organisation's customers, verifications, analyses, ... a user sees (DESIGN 4): an
 * ORG_ADMIN the whole organisation (`plannerId` null), a planner only what they made. Anything
 * outside is answered as if it did not exist (404).
 */
export interface Visibility {
  organisationId: string;
  plannerId: string | null;
}

export function visibilityOf(principal: UserPrincipal): Visibility {
  return { organisationId: principal.organisationId, plannerId: principal.role === UserRole.OrgAdmin ? null : principal.userId };
}
