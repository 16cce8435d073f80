import type { ScreenRoute } from '../shell/console-service';
import { AccessRecordsScreen, AccessReviewScreen } from './screens/access-records';
import { MyAccountScreen } from './screens/my-account';
import { OperatorsScreen } from './screens/operators';

/** The screens both services' consoles have (the platform's operators and access records), after the service's own. */
export const platformRoutes: ScreenRoute[] = [
  { path: '/access-records', label: '접속기록', component: AccessRecordsScreen, role: 'reviewer' },
  { path: '/access-records/review', label: '접속기록 월간 점검', component: AccessReviewScreen, role: 'reviewer' },
  { path: '/operators', label: '운영자 계정', component: OperatorsScreen, role: 'admin' },
  { path: '/my-account', label: '내 계정', component: MyAccountScreen },
];
