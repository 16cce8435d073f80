import { setTimeout as sleep } from 'node:timers/promises';
import { PeriodicSweep } from '../src/database/periodic-sweep.js';

class CountingSweep extends PeriodicSweep {
  runs = 0;
  failOn = new Set<number>();
  slowMs = 0;

  constructor() {
    super('CountingSweep', 20);
  }

  async sweep(): Promise<number> {
    this.runs++;
    if (this.slowMs) await sleep(this.slowMs);
    if (this.failOn.has(this.runs)) throw new Error('the database went away');
    return 0;
  }
}

describe('a periodic sweep', () => {
  it('runs from start-up, again and again, a failed run followed by the next', async () => {
    const sweep = new CountingSweep();
    sweep.failOn.add(2);
    sweep.onApplicationBootstrap();
    await sleep(200);
    await sweep.onModuleDestroy();
    expect(sweep.runs).toBeGreaterThanOrEqual(4);
  });

  it('stops when the module is destroyed, waiting for a run under way, and runs no more', async () => {
    const sweep = new CountingSweep();
    sweep.slowMs = 150;
    sweep.onApplicationBootstrap();
    await sleep(60);
    expect(sweep.runs).toBe(1);
    const started = Date.now();
    await sweep.onModuleDestroy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    await sleep(100);
    expect(sweep.runs).toBe(1);
  });
});
