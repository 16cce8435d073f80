import { platformRoutes } from '../platform/routes';
import type { ScreenRoute } from '../shell/console-service';
import { AsReviewQueueScreen, AsReviewRequestScreen } from './screens/as-review';
import { LeadImportScreen } from './screens/lead-import';
import { OrdersScreen } from './screens/orders';
import { PartnersScreen } from './screens/partners';
import { ProductDetailScreen, ProductsScreen } from './screens/products';
import { ProvidersScreen } from './screens/providers';
import { WebhooksScreen } from './screens/webhooks';

/** lead-distribution's screens, in the navigation's order (one line each), then the platform's (operators, access records). */
export const routes: ScreenRoute[] = [
  { path: '/products', label: '상품', component: ProductsScreen },
  { path: '/products/:id', component: ProductDetailScreen },
  { path: '/as-review', label: 'AS 심사', component: AsReviewQueueScreen },
  { path: '/as-review/:id', component: AsReviewRequestScreen },
  { path: '/lead-import', label: '리드 가져오기', component: LeadImportScreen },
  { path: '/orders', label: '주문', component: OrdersScreen },
  { path: '/partners', label: '파트너', component: PartnersScreen },
  { path: '/providers', label: '공급사', component: ProvidersScreen },
  { path: '/webhooks', label: '웹훅', component: WebhooksScreen },
  ...platformRoutes,
];
