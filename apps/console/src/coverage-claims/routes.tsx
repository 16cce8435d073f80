import { platformRoutes } from '../platform/routes';
import type { ScreenRoute } from '../shell/console-service';
import { sandboxSmsSelected } from './api/sandbox';
import { ClaimDeliveriesScreen } from './screens/claim-deliveries';
import { InsurersScreen } from './screens/insurers';
import { OrganisationsScreen } from './screens/organisations';
import { SandboxMessagesScreen } from './screens/sandbox-messages';

/** coverage-claims' screens, in the navigation's order (one line each), then the platform's (operators, access records). */
export const routes: ScreenRoute[] = [
  { path: '/organisations', label: '조직', component: OrganisationsScreen },
  { path: '/insurers', label: '보험사 청구 팩스', component: InsurersScreen },
  { path: '/claim-deliveries', label: '청구 전송', component: ClaimDeliveriesScreen },
  { path: '/sandbox-messages', label: '샌드박스 문자', component: SandboxMessagesScreen, available: sandboxSmsSelected },
  ...platformRoutes,
];
