/**
 * The service whose screens a build holds: vite.config.ts resolves `console:service` to
 * src/<mode>/service.ts (`vite build --mode <service>`), so only that service's screens are bundled.
 */
declare module 'console:service' {
  import type { ConsoleService } from './shell/console-service';
  export const service: ConsoleService;
}
