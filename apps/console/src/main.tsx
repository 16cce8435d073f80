import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import 'pretendard/dist/web/variable/pretendardvariable-dynamic-subset.css';
import './console.css';
import { Alert, Center, createTheme, Loader, MantineProvider, Modal, Notification, Table, type CSSVariablesResolver } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { Router } from 'wouter';
import { createQueryClient } from './api/query-client';
import { restoreSession } from './platform/api/session';
import { onSessionChange, sessionState } from './session';
import { service } from 'console:service';
import type { ConsoleService } from './shell/console-service';
import { Shell } from './shell/shell';
import { SignIn } from './shell/sign-in';
import { ProblemMessagesProvider } from './ui';

// Pretendard (bundled, served from 'self'): Korean text looks the same on every operator's machine.
const theme = createTheme({
  fontFamily: "'Pretendard Variable', Pretendard, -apple-system, BlinkMacSystemFont, 'Apple SD Gothic Neo', 'Malgun Gothic', sans-serif",
  headings: { fontFamily: "'Pretendard Variable', Pretendard, sans-serif" },
  primaryColor: 'indigo',
  // Shade 8 and a darker "dimmed": text on them keeps WCAG AA contrast (4.5:1), which Mantine's
  // defaults (indigo 6, gray 6) miss.
  primaryShade: 8,
  // Black or white text on a filled colour, whichever contrasts more (badges of every colour).
  // Above a luminance of 0.18 black text reaches 4.5:1 and white does not.
  autoContrast: true,
  luminanceThreshold: 0.18,
  // No animation for operators who ask their system for less (and for the browser tests).
  respectReducedMotion: true,
  components: {
    // Alert text in the body's colour (Mantine's light variants tint it below AA contrast); the
    // Modal's close button named.
    Alert: Alert.extend({ styles: { title: { color: 'var(--mantine-color-text)' }, message: { color: 'var(--mantine-color-text)' } } }),
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': '닫기' } } }),
    // Notifications: the close button named, the message in the body's colour (Mantine's gray 6 is 3.3:1).
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': '알림 닫기' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
    Table: Table.extend({ defaultProps: { captionSide: 'top' } }),
  },
});

const contrast: CSSVariablesResolver = () => ({
  variables: {},
  // Field errors too: Mantine's red 6 on white is 3.3:1.
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' },
  dark: {},
});

function Console({ service }: { service: ConsoleService }) {
  const state = useSyncExternalStore(onSessionChange, sessionState);
  if (state.status === 'unknown')
    return (
      <Center mih="100vh" component="main">
        <Loader aria-label="세션 확인 중" />
      </Center>
    );
  return state.status === 'signed-in' ? <Shell service={service} operator={state.session.account} /> : <SignIn service={service} />;
}

const queryClient = createQueryClient();
// What one operator read is never shown to the next: signing out (or a 401) empties the cache.
onSessionChange(() => {
  if (sessionState().status !== 'signed-in') queryClient.clear();
});
// The session is the API's HttpOnly cookie: ask who it is (a reload stays signed in).
void restoreSession();

document.title = `${service.title} 운영 콘솔`;
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <MantineProvider theme={theme} cssVariablesResolver={contrast}>
        <ProblemMessagesProvider messages={service.problemMessages}>
          <Notifications />
          <Router base="/console">
            <Console service={service} />
          </Router>
        </ProblemMessagesProvider>
      </MantineProvider>
    </QueryClientProvider>
  </StrictMode>,
);
