import type { ScreenRoute } from '../shell/console-service';
import { OrdersScreen } from './screens/orders';
import { PartnersScreen } from './screens/partners';
import { WebhooksScreen } from './screens/webhooks';

/** lead-distribution's screens, in the navigation's order (one line each). */
export const routes: ScreenRoute[] = [
  { path: '/partners', label: '파트너', component: PartnersScreen },
  { path: '/orders', label: '주문', component: OrdersScreen },
  { path: '/webhooks', label: '웹훅', component: WebhooksScreen },
];
