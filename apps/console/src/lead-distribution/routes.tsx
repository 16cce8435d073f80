import type { ScreenRoute } from '../shell/console-service';
import { AsReviewQueueScreen, AsReviewRequestScreen } from './screens/as-review';
import { PartnersScreen } from './screens/partners';

/** lead-distribution's screens, in the navigation's order (one line each). */
export const routes: ScreenRoute[] = [
  { path: '/partners', label: '파트너', component: PartnersScreen },
  { path: '/as-review', label: 'AS 심사', component: AsReviewQueueScreen },
  { path: '/as-review/:id', component: AsReviewRequestScreen },
];
