import type { ComponentType } from 'react';
import type { OperatorRole } from '../platform/api/types';

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
  /** The least role that may open it (the API refuses the rest anyway); every role when absent. */
  role?: OperatorRole;
}

/** What one service's console is: its name, its screens (its own, then the platform's), its problem codes in Korean. */
export interface ConsoleService {
  title: string;
  routes: ScreenRoute[];
  /** The service's own codes in Korean (src/<service>/problem-messages.ts); the platform's are shared. */
  problemMessages: Readonly<Record<string, string>>;
}
