import type { ScreenRoute } from '../shell/console-service';
import { PartnersScreen } from './screens/partners';

/** lead-distribution's screens, in the navigation's order (one line each). */
export const routes: ScreenRoute[] = [{ path: '/partners', label: '파트너', component: PartnersScreen }];
