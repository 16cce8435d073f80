import { AppShell, Burger, Button, Group, Loader, NavLink, ScrollArea, Text, Title } from '@mantine/core';
import { Suspense } from 'react';
import { useDisclosure } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { signOut } from '../platform/api/session';
import type { Operator } from '../platform/api/types';
import { hasRole, OPERATOR_ROLES } from '../platform/labels';
import type { ConsoleService, ScreenRoute } from './console-service';
import { ScreenErrorBoundary } from './screen-error-boundary';

/**
 * The service's screens this deployment has: those with `available` once it said so (asked once a
 * session, a query each); `settled` once every such screen has answered (until then an address is not
 * redirected away from one of them). A screen whose question fails is left out.
 */
function useAvailableRoutes(routes: ScreenRoute[]): { routes: ScreenRoute[]; settled: boolean } {
  const conditional = routes.filter((route) => route.available !== undefined);
  const answers = useQueries({
    queries: conditional.map((route) => ({
      queryKey: ['screen-available', route.path],
      queryFn: () => route.available!(),
      staleTime: Infinity,
      retry: false,
    })),
  });
  const available = new Set(conditional.filter((_, index) => answers[index]!.data === true).map((route) => route.path));
  return {
    routes: routes.filter((route) => route.available === undefined || available.has(route.path)),
    settled: answers.every((answer) => !answer.isPending),
  };
}

/** The navigation entry of the address: the longest path it is, or is under (`/access-records/review` is not 접속기록's). */
function activePath(navigation: ScreenRoute[], location: string): string | undefined {
  return navigation
    .map((route) => route.path)
    .filter((path) => location === path || location.startsWith(`${path}/`))
    .sort((a, b) => b.length - a.length)[0];
}

/** The signed-in console: header with the operator and sign-out, the screens' navigation (those the role may open), and the screen. */
export function Shell({ service, operator }: { service: ConsoleService; operator: Operator }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [location] = useLocation();
  const permitted = service.routes.filter((route) => route.role === undefined || hasRole(operator.role, route.role));
  const { routes, settled } = useAvailableRoutes(permitted);
  const navigation = routes.filter((route) => route.label !== undefined);
  const active = activePath(navigation, location);

  return (
    <AppShell header={{ height: 56 }} navbar={{ width: 220, breakpoint: 'md', collapsed: { mobile: !opened } }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between">
          <Group>
            <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="메뉴 열기" />
            <Title order={2} size="h4">
              {service.title} 운영 콘솔
            </Title>
          </Group>
          <Group gap="sm">
            <Text size="sm" visibleFrom="sm" data-testid="signed-in-as">
              {operator.name} · {OPERATOR_ROLES.terms[operator.role].label}
            </Text>
            <Button variant="default" size="xs" onClick={() => void signOut()}>
              로그아웃
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="xs" component="nav" aria-label="화면">
        <ScrollArea>
          {navigation.map((route) => (
            <NavLink
              key={route.path}
              component={Link}
              href={route.path}
              label={route.label}
              active={route.path === active}
              // Filled: white on the primary colour keeps its contrast when hovered (light does not).
              variant="filled"
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main component="main">
        <ScreenErrorBoundary resetKey={location}>
          <Suspense fallback={<Loader aria-label="화면 불러오는 중" />}>
            <Switch>
              {routes.map((route) => (
                <Route key={route.path} path={route.path} component={route.component} />
              ))}
              <Route>{settled && navigation[0] ? <Redirect to={navigation[0].path} replace /> : null}</Route>
            </Switch>
          </Suspense>
        </ScreenErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
