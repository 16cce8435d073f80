import type { NewLead, RegisteredLead } from '../../src/allocation/allocation.service.js';
import { RegistrationBatcher } from '../../src/leads/registration-batcher.js';

/** A store whose calls stay open until released, recording the names of each call's leads. */
function heldStore(fail?: (leads: NewLead[]) => unknown) {
  const calls: string[][] = [];
  const open: Array<() => void> = [];
  const store = (leads: NewLead[]) => {
    calls.push(leads.map((lead) => lead.name));
    return new Promise<RegisteredLead[]>((resolve, reject) => {
      open.push(() => {
        const error = fail?.(leads);
        if (error) reject(error);
        else resolve(leads.map((lead) => ({ created: true, partnerId: null, orderId: lead.name, createdAt: new Date(0) })));
      });
    });
  };
  const releaseAll = async () => {
    while (open.length > 0) {
      open.splice(0).forEach((release) => release());
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  return { store, calls, releaseAll };
}

const lead = (name: string) => ({ name }) as NewLead;

describe('RegistrationBatcher', () => {
  it('sends registrations alone while fewer calls than the limit run, then the waiting ones together in arrival order', async () => {
    const { store, calls, releaseAll } = heldStore();
    const batcher = new RegistrationBatcher(store, 2, 3);
    const answers = ['a', 'b', 'c', 'd', 'e', 'f', 'g'].map((name) => batcher.register(lead(name)));
    expect(calls).toEqual([['a'], ['b']]);
    await releaseAll();
    expect(calls).toEqual([['a'], ['b'], ['c', 'd', 'e'], ['f', 'g']]);
    // Each caller gets the result of its own row.
    expect((await Promise.all(answers)).map((result) => result.orderId)).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('tries a call PostgreSQL refused row by row, so only the bad row fails', async () => {
    const refused = Object.assign(new Error('bad row'), { driverError: { code: 'P0001', severity: 'ERROR' } });
    const { store, calls, releaseAll } = heldStore((leads) => (leads.some((l) => l.name === 'bad') ? refused : undefined));
    const batcher = new RegistrationBatcher(store, 1, 10);
    const answers = ['first', 'good', 'bad', 'also good'].map((name) =>
      batcher.register(lead(name)).then(
        (result) => result.orderId,
        (error: Error) => `failed: ${error.message}`,
      ),
    );
    await releaseAll();
    expect(await Promise.all(answers)).toEqual(['first', 'good', 'failed: bad row', 'also good']);
    expect(calls).toEqual([['first'], ['good', 'bad', 'also good'], ['good'], ['bad'], ['also good']]);
  });

  it.each([
    [
      'a refusal that is not about a row (too many connections)',
      Object.assign(new Error('too many clients'), { driverError: { code: '53300', severity: 'FATAL' } }),
    ],
    ['rows whose call may have committed (no SQLSTATE: the connection was lost)', new Error('Connection terminated unexpectedly')],
  ])('does not try row by row %s', async (_, failure) => {
    const { store, calls, releaseAll } = heldStore((leads) => (leads.length > 1 ? failure : undefined));
    const batcher = new RegistrationBatcher(store, 1, 10);
    const answers = ['first', 'x', 'y'].map((name) =>
      batcher.register(lead(name)).then(
        () => 'ok',
        (error: Error) => error.message,
      ),
    );
    await releaseAll();
    expect(await Promise.all(answers)).toEqual(['ok', failure.message, failure.message]);
    expect(calls).toEqual([['first'], ['x', 'y']]);
    expect(batcher.waiting).toBe(0);
  });

  it('answers every caller when a call fails with no error object at all', async () => {
    const { store, releaseAll } = heldStore((leads) => (leads.length > 1 ? null : undefined));
    const failing = (leads: NewLead[]) => store(leads).then((results) => (leads.length > 1 ? Promise.reject(null) : results));
    const batcher = new RegistrationBatcher(failing, 1, 10);
    const answers = ['first', 'x', 'y'].map((name) =>
      batcher.register(lead(name)).then(
        () => 'ok',
        (error: unknown) => `failed: ${String(error)}`,
      ),
    );
    await releaseAll();
    expect(await Promise.all(answers)).toEqual(['ok', 'failed: null', 'failed: null']);
  });
});
