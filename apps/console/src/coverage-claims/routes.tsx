import type { ScreenRoute } from '../shell/console-service';

/** coverage-claims' screens, in the navigation's order (one line each). */
export const routes: ScreenRoute[] = [];
