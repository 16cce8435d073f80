import type { ScreenRoute } from '../shell/console-service';
import { PartnersScreen } from './screens/partners';
import { ProductDetailScreen } from './screens/product-detail';
import { ProductsScreen } from './screens/products';
import { ProvidersScreen } from './screens/providers';

/** lead-distribution's screens, in the navigation's order (one line each). */
export const routes: ScreenRoute[] = [
  { path: '/partners', label: '파트너', component: PartnersScreen },
  { path: '/products', label: '상품', component: ProductsScreen },
  { path: '/products/:id', component: ProductDetailScreen },
  { path: '/providers', label: '공급사', component: ProvidersScreen },
];
