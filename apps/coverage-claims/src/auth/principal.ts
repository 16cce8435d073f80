/** Roles of planner users inside their organisation. */
export enum UserRole {
  Planner = 'PLANNER',
  OrgAdmin = 'ORG_ADMIN',
}

/** Claims of an access token, as the guard hands them to handlers. */
export interface UserPrincipal {
  userId: string;
  organisationId: string;
  role: UserRole;
}

export interface AccessTokenClaims {
  sub: string;
  org: string;
  role: UserRole;
}
