import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'platform:isPublic';

/** Marks a controller or handler as reachable without credentials (health, metrics, sign-in). */
export const Public = () => SetMetadata(IS_PUBLIC, true);
