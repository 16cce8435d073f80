import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { repoRoot } from './repo-root.js';

// `npm start` (after the build): both services in one terminal, their logs on this one's stdout.
//
// Each service runs in a process group of its own, so a terminal's Ctrl-C and a SIGTERM to this
// process's group reach it once, through here: a service takes its first SIGTERM or SIGINT as the
// start of its drain and a second one as the signal's default (killed at once). Repeated signals are
// not forwarded (npm forwards the terminal's SIGINT too, so one Ctrl-C arrives here twice); each
// service bounds its own shutdown with SHUTDOWN_TIMEOUT_MS. When a service exits on its own (it
// failed to start, say), the other is stopped the same way. The exit status is 0 when every service
// drained and exited 0, else 1. A closed terminal (SIGHUP) drains them as SIGTERM does; only a SIGKILL
// of this process leaves them running (they are in sessions of their own).

const root = repoRoot(import.meta.url);
// Named here, not imported from scripts/services.ts: that would load both apps' modules into this process.
const SERVICE_NAMES = ['coverage-claims', 'lead-distribution'];
const children = new Map<string, ChildProcess>();
let stopping: NodeJS.Signals | undefined;
let failed = false;

function stopAll(signal: NodeJS.Signals): void {
  if (stopping) return;
  stopping = signal;
  for (const child of children.values()) child.kill(signal);
}

for (const name of SERVICE_NAMES) {
  const child = spawn(process.execPath, [path.join(root, 'dist', 'apps', name, 'src', 'main.js')], {
    cwd: root,
    stdio: 'inherit',
    detached: true,
  });
  children.set(name, child);
  child.on('error', (error) => {
    // Not started at all (no 'exit' follows): stop the others and give up.
    process.stderr.write(`${name}: ${error.message}\n`);
    children.delete(name);
    failed = true;
    stopAll('SIGTERM');
    if (children.size === 0) process.exit(1);
  });
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (code !== 0 || !stopping) {
      failed = true;
      process.stderr.write(`${name} exited ${signal ? `on ${signal}` : `with status ${code}`}\n`);
    }
    if (children.size > 0) stopAll('SIGTERM');
    else {
      if (!failed) process.stdout.write(`${SERVICE_NAMES.join(' and ')} stopped\n`);
      process.exit(failed ? 1 : 0);
    }
  });
}

process.on('SIGTERM', () => stopAll('SIGTERM'));
process.on('SIGINT', () => stopAll('SIGINT'));
process.on('SIGHUP', () => stopAll('SIGTERM'));
// Should this process end otherwise (an uncaught error), the services do not outlive it.
process.on('exit', () => {
  for (const child of children.values()) child.kill('SIGTERM');
});
