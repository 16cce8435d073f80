import { AppShell, Burger, Button, Group, NavLink, ScrollArea, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQueries } from '@tanstack/react-query';
import { Link, Redirect, Route, Switch, useLocation } from 'wouter';
import { signOut } from '../session';
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

/** The signed-in console: header with sign-out, the screens' navigation, and the screen. */
export function Shell({ service }: { service: ConsoleService }) {
  const [opened, { toggle, close }] = useDisclosure(false);
  const [location] = useLocation();
  const { routes, settled } = useAvailableRoutes(service.routes);
  const navigation = routes.filter((route) => route.label !== undefined);

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
          <Button variant="default" size="xs" onClick={signOut}>
            로그아웃
          </Button>
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
              active={location === route.path || location.startsWith(`${route.path}/`)}
              // Filled: white on the primary colour keeps its contrast when hovered (light does not).
              variant="filled"
              onClick={close}
            />
          ))}
        </ScrollArea>
      </AppShell.Navbar>
      <AppShell.Main component="main">
        <ScreenErrorBoundary resetKey={location}>
          <Switch>
            {routes.map((route) => (
              <Route key={route.path} path={route.path} component={route.component} />
            ))}
            <Route>{settled && navigation[0] ? <Redirect to={navigation[0].path} replace /> : null}</Route>
          </Switch>
        </ScreenErrorBoundary>
      </AppShell.Main>
    </AppShell>
  );
}
