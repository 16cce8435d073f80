import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { BackgroundMetrics } from '../src/background/background-metrics.js';
import { BackgroundTurn } from '../src/background/background-turn.entity.js';
import { BackgroundWork } from '../src/background/background-work.js';
import { retryDelayMs } from '../src/background/retry-schedule.js';
import { ShutdownState } from '../src/bootstrap/shutdown.js';
import { acquirePostgresServer, type PostgresServer } from '../src/database/postgres-server.js';
import { MetricsRegistry } from '../src/metrics/metrics.js';

/** One replica's machine: its own pool on the shared database, its own shutdown state and metrics. */
interface Replica {
  work: BackgroundWork;
  state: ShutdownState;
  metrics: MetricsRegistry;
  dataSource: DataSource;
}

let server: PostgresServer;
const database = `background_${randomUUID().replaceAll('-', '')}`;
const replicas: Replica[] = [];

async function replica(): Promise<Replica> {
  const dataSource = new DataSource({ type: 'postgres', url: server.urlFor(database), entities: [BackgroundTurn], extra: { max: 4 } });
  await dataSource.initialize();
  const state = new ShutdownState();
  const metrics = new MetricsRegistry();
  const work = new BackgroundWork(dataSource, state, new BackgroundMetrics(metrics));
  const made = { work, state, metrics, dataSource };
  replicas.push(made);
  return made;
}

beforeAll(async () => {
  server = await acquirePostgresServer(process.env.TEST_DATABASE_URL);
  await server.createDatabase(database);
  const setup = new DataSource({ type: 'postgres', url: server.urlFor(database), entities: [BackgroundTurn], synchronize: true });
  await setup.initialize();
  await setup.query(
    'CREATE TABLE items (id serial PRIMARY KEY, attempts int NOT NULL DEFAULT 0, due_at timestamptz, done boolean NOT NULL DEFAULT false)',
  );
  await setup.destroy();
});

afterEach(async () => {
  for (const { work, dataSource } of replicas.splice(0)) {
    await work.onModuleDestroy();
    await dataSource.destroy();
  }
});

afterAll(async () => {
  await server.dropDatabase(database);
  await server.stop();
});

describe('a periodic job', () => {
  it('runs again and again, a failed run followed by the next, its last error recorded and counted', async () => {
    const { work, dataSource, metrics } = await replica();
    let runs = 0;
    let release!: () => void;
    const lastErrorRead = new Promise<void>((resolve) => (release = resolve));
    work.every({
      name: 'counting',
      everyMs: 50,
      run: async () => {
        runs++;
        if (runs === 2) throw new Error('the database went away');
        if (runs === 3) await lastErrorRead;
        return 0;
      },
    });
    while (runs < 3) await sleep(10);
    const lastError = async () =>
      (await dataSource.query<Array<{ last_error: string | null }>>(`SELECT last_error FROM background_turns WHERE name = 'counting'`))[0]
        .last_error;
    expect(await lastError()).toBe('the database went away');
    release();
    await sleep(200);
    expect(runs).toBeGreaterThanOrEqual(5);
    expect(await lastError()).toBeNull();
    const counted = await metrics.registry.getSingleMetricAsString('background_runs_total');
    expect(counted).toContain('background_runs_total{work="counting",outcome="failed"} 1');
  });

  it('is run by one replica at a time: three replicas run it once an interval together, never two at once', async () => {
    const machines = await Promise.all([replica(), replica(), replica()]);
    let runs = 0;
    let running = 0;
    let overlapped = false;
    const job = {
      name: 'shared',
      everyMs: 200,
      run: async () => {
        runs++;
        running++;
        if (running > 1) overlapped = true;
        await sleep(30);
        running--;
        return 1;
      },
    };
    for (const { work } of machines) work.every(job);
    await sleep(1_350);
    // Due at 200, 400, … 1,200 ms: six runs, where three replicas each on its own timer would run eighteen.
    expect(runs).toBeGreaterThanOrEqual(3);
    expect(runs).toBeLessThanOrEqual(7);
    expect(overlapped).toBe(false);
  });

  it('keeps its turn through a run longer than its interval: a second replica does not start it beside the first', async () => {
    const machines = await Promise.all([replica(), replica()]);
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const job = {
      name: 'slow',
      everyMs: 100,
      run: async () => {
        runs++;
        running++;
        if (running > 1) overlapped = true;
        // Five intervals long: without the turn renewed, the other replica would take it at the next due time.
        await sleep(500);
        running--;
        return 1;
      },
    };
    for (const { work } of machines) work.every(job);
    await sleep(1_400);
    expect(runs).toBeGreaterThanOrEqual(1);
    expect(overlapped).toBe(false);
  });

  it('stops when the application closes, waiting for a run under way, and runs no more', async () => {
    const { work } = await replica();
    let runs = 0;
    work.every({
      name: 'slow',
      everyMs: 20,
      run: async () => {
        runs++;
        await sleep(200);
        return 0;
      },
    });
    while (runs < 1) await sleep(10);
    const started = Date.now();
    await work.onModuleDestroy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(50);
    await sleep(100);
    expect(runs).toBe(1);
  });

  it('aborts a run still under way after stopWaitMs: a run working in batches ends at the next, and the stop returns', async () => {
    const { work, dataSource } = await replica();
    let batches = 0;
    let sawAbort = false;
    work.every({
      name: 'batches',
      everyMs: 20,
      stopWaitMs: 100,
      run: async (signal) => {
        // Ten seconds of batches, unless aborted.
        for (let batch = 0; batch < 200 && !signal.aborted; batch++) {
          await sleep(50);
          batches++;
        }
        sawAbort = signal.aborted;
        return batches;
      },
    });
    while (batches < 1) await sleep(10);
    const started = Date.now();
    await work.onModuleDestroy();
    const tookMs = Date.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(90);
    expect(tookMs).toBeLessThan(1_000);
    expect(sawAbort).toBe(true);
    expect(batches).toBeLessThan(20);
    // The run ended before the stop returned: its end was recorded, with no error.
    const [turn] = await dataSource.query<Array<{ last_finished_at: Date | null; last_error: string | null }>>(
      `SELECT last_finished_at, last_error FROM background_turns WHERE name = 'batches'`,
    );
    expect(turn.last_finished_at).not.toBeNull();
    expect(turn.last_error).toBeNull();
  });

  it('leaves behind a run that does not heed its signal: the stop returns within stopWaitMs and two seconds', async () => {
    const { work } = await replica();
    let started = false;
    let finish!: () => void;
    const finished = new Promise<void>((resolve) => (finish = resolve));
    let ended = false;
    work.every({
      name: 'deaf',
      everyMs: 20,
      stopWaitMs: 100,
      run: async () => {
        started = true;
        await finished;
        ended = true;
        return 0;
      },
    });
    while (!started) await sleep(10);
    const stopping = Date.now();
    await work.onModuleDestroy();
    const tookMs = Date.now() - stopping;
    expect(tookMs).toBeGreaterThanOrEqual(2_000);
    expect(tookMs).toBeLessThan(2_600);
    expect(ended).toBe(false);
    // Let it end before the pool closes.
    finish();
    await sleep(100);
  });

  it('takes no turn once SIGTERM has begun the drain', async () => {
    const { work, state } = await replica();
    let runs = 0;
    work.every({ name: 'draining', everyMs: 30, run: async () => ++runs && 0 });
    while (runs < 1) await sleep(10);
    state.phase = 'draining';
    // A turn already past its look at the phase may still run; none starts after it.
    await sleep(100);
    const before = runs;
    await sleep(200);
    expect(runs).toBe(before);
  });
});

describe('queued work', () => {
  /** The owner's claim: due rows, FOR UPDATE SKIP LOCKED, leased for `leaseSeconds`. */
  const takeDue = (dataSource: DataSource, leaseSeconds: number) => (free: number) =>
    dataSource.query<Array<{ id: number; attempts: number }>>(
      `WITH due AS (SELECT id FROM items WHERE NOT done AND due_at <= now() ORDER BY id LIMIT $1 FOR UPDATE SKIP LOCKED),
            taken AS (UPDATE items i SET attempts = i.attempts + 1, due_at = now() + make_interval(secs => $2) FROM due WHERE i.id = due.id
                      RETURNING i.id, i.attempts)
       SELECT id, attempts FROM taken`,
      [free, leaseSeconds],
    );

  beforeEach(async () => {
    const { dataSource } = await replica();
    await dataSource.query('TRUNCATE items');
  });

  it('two replicas handle every item once, at most `slots` at a time each, woken without waiting for a poll', async () => {
    const [a, b] = await Promise.all([replica(), replica()]);
    await a.dataSource.query('INSERT INTO items (due_at) SELECT now() FROM generate_series(1, 200)');
    const handled: number[] = [];
    let inFlight = 0;
    let most = 0;
    const [queueA] = [a, b].map(({ work, dataSource }) =>
      work.queue({
        name: 'items',
        slots: 3,
        pollMs: 60_000,
        take: takeDue(dataSource, 60),
        handle: async (item) => {
          inFlight++;
          most = Math.max(most, inFlight);
          await sleep(2);
          handled.push(item.id);
          await dataSource.query('UPDATE items SET done = true WHERE id = $1', [item.id]);
          inFlight--;
        },
      }),
    );
    for (let i = 0; i < 100 && handled.length < 200; i++) await sleep(50);
    expect(handled).toHaveLength(200);
    expect(new Set(handled).size).toBe(200);
    expect(most).toBeLessThanOrEqual(6);
    // Queued later, in this process: `wake` takes it at once (the poll is a minute away).
    const [{ id }] = await a.dataSource.query<Array<{ id: number }>>('INSERT INTO items (due_at) VALUES (now()) RETURNING id');
    queueA.wake();
    await sleep(300);
    expect(handled).toContain(id);
  });

  it('a take that wakes its work (it found some: there may be more) takes again at once, not at the next poll', async () => {
    const { work, dataSource } = await replica();
    await dataSource.query('INSERT INTO items (due_at) SELECT now() FROM generate_series(1, 4)');
    const takes: number[] = [];
    const handled: number[] = [];
    const started = Date.now();
    // As the webhook worker's take does: it takes fewer than the free slots (one an ordered endpoint)
    // and, having found one, wakes its work before it returns.
    const queued = work.queue({
      name: 'wakes-itself',
      slots: 8,
      pollMs: 60_000,
      takeAfterEachItem: false,
      take: async () => {
        takes.push(Date.now() - started);
        const taken = await takeDue(dataSource, 60)(1);
        if (taken.length > 0) queued.wake();
        return taken;
      },
      handle: async (item) => void handled.push(item.id),
    });
    for (let i = 0; i < 40 && handled.length < 4; i++) await sleep(50);
    expect(handled).toHaveLength(4);
    // Four takes that found one each and a fifth that found none, all within the first two seconds.
    expect(takes.length).toBeGreaterThanOrEqual(5);
    expect(takes.every((at) => at < 2_000)).toBe(true);
  });

  it('an item leased by a worker that died comes due again when its lease runs out, and is taken once more', async () => {
    const { work, dataSource } = await replica();
    await dataSource.query('INSERT INTO items (due_at) VALUES (now())');
    // "The worker that died": it took the item under a one-second lease and never recorded an outcome.
    const [lost] = await takeDue(dataSource, 1)(1);
    expect(lost.attempts).toBe(1);
    const taken: Array<{ id: number; attempts: number }> = [];
    work.queue({ name: 'recovered', slots: 1, pollMs: 100, take: takeDue(dataSource, 60), handle: async (item) => void taken.push(item) });
    await sleep(500);
    expect(taken).toHaveLength(0);
    for (let i = 0; i < 100 && taken.length === 0; i++) await sleep(50);
    expect(taken).toEqual([{ id: lost.id, attempts: 2 }]);
  });

  it('stops at the drain and, when the application closes, waits for items in flight, aborting them past stopWaitMs', async () => {
    const { work, dataSource, state } = await replica();
    await dataSource.query('INSERT INTO items (due_at) SELECT now() FROM generate_series(1, 5)');
    const ends: string[] = [];
    work.queue({
      name: 'stopping',
      slots: 2,
      pollMs: 20,
      stopWaitMs: 100,
      take: takeDue(dataSource, 60),
      handle: (_item, signal) =>
        new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            ends.push('finished');
            resolve();
          }, 5_000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            ends.push('aborted');
            resolve();
          });
        }),
    });
    const takenNow = async () =>
      (await dataSource.query<Array<{ taken: number }>>('SELECT count(*)::int AS taken FROM items WHERE attempts > 0'))[0].taken;
    while ((await takenNow()) < 2) await sleep(10);
    await sleep(50);
    state.phase = 'draining';
    const started = Date.now();
    await work.onModuleDestroy();
    expect(Date.now() - started).toBeGreaterThanOrEqual(90);
    expect(ends).toEqual(['aborted', 'aborted']);
    expect(await takenNow()).toBe(2);
  });
});

describe('a retry schedule', () => {
  const schedule = { firstMs: 1_000, maxMs: 60_000, jitter: 0.2 };

  it('doubles the wait from the first, up to the most, less at most the jitter', () => {
    expect([1, 2, 3, 4].map((failed) => retryDelayMs(schedule, failed, () => 0))).toEqual([1_000, 2_000, 4_000, 8_000]);
    expect(retryDelayMs(schedule, 30, () => 0)).toBe(60_000);
    expect(retryDelayMs(schedule, 1, () => 0.999_999)).toBe(800);
    const spread = new Set(Array.from({ length: 50 }, () => retryDelayMs(schedule, 3)));
    expect(spread.size).toBeGreaterThan(10);
    for (const wait of spread) expect(wait).toBeGreaterThan(3_200 - 1);
  });
});
