import type { ComponentType } from 'react';

/** A screen: its path under /console, and its label in the navigation (none: reached from another screen). */
export interface ScreenRoute {
  path: string;
  component: ComponentType;
  label?: string;
  /**
   * For a screen only some deployments have (the sandbox's): asked once the console opens; the screen
   * and its navigation entry are left out until it resolves true.
   */
  available?: () => Promise<boolean>;
}

/** What one service's console is: its name, its screens, its problem codes in Korean, and how a key is checked at sign-in. */
export interface ConsoleService {
  title: string;
  routes: ScreenRoute[];
  /** The service's own codes in Korean (src/<service>/problem-messages.ts); the platform's are shared. */
  problemMessages: Readonly<Record<string, string>>;
  /** An operator-only call: resolves when the session's key is an operator key of this service. */
  verifyKey: () => Promise<unknown>;
}
