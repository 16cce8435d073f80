import { lazy } from 'react';
import type { ScreenRoute } from '../shell/console-service';

// Loaded when first opened (the shell's Suspense): not in the first load of either console.
const AccessRecordsScreen = lazy(() =>
  import('./screens/access-records').then(({ AccessRecordsScreen }) => ({ default: AccessRecordsScreen })),
);
const AccessReviewScreen = lazy(() =>
  import('./screens/access-records').then(({ AccessReviewScreen }) => ({ default: AccessReviewScreen })),
);
const OperatorsScreen = lazy(() => import('./screens/operators').then(({ OperatorsScreen }) => ({ default: OperatorsScreen })));
const MyAccountScreen = lazy(() => import('./screens/my-account').then(({ MyAccountScreen }) => ({ default: MyAccountScreen })));

/** The screens both services' consoles have (the platform's operators and access records), after the service's own. */
export const platformRoutes: ScreenRoute[] = [
  { path: '/access-records', label: '접속기록', component: AccessRecordsScreen, role: 'reviewer' },
  { path: '/access-records/review', label: '접속기록 월간 점검', component: AccessReviewScreen, role: 'reviewer' },
  { path: '/operators', label: '운영자 계정', component: OperatorsScreen, role: 'admin' },
  { path: '/my-account', label: '내 계정', component: MyAccountScreen },
];
