import { randomFillSync } from 'node:crypto';
import { v7 } from 'uuid';

/**
 * Random bytes from the operating system's CSPRNG, drawn in blocks of 4 KiB: one system call per
 * 256 ids instead of one per id (uuid's own `v7()` asks `crypto.getRandomValues` for 16 bytes every
 * time, about 3 µs each; an import of 1,000 rows makes 2,000 ids and 1,000 IVs). Every byte is
 * handed out once, as a copy the caller owns.
 */
const POOL_BYTES = 4096;
const pool = Buffer.allocUnsafeSlow(POOL_BYTES);
let next = POOL_BYTES;

export function randomBytesPooled(size: number): Buffer {
  if (size > POOL_BYTES) throw new RangeError(`At most ${POOL_BYTES} pooled random bytes at a time`);
  if (next + size > POOL_BYTES) {
    randomFillSync(pool);
    next = 0;
  }
  const bytes = Buffer.from(pool.subarray(next, next + size));
  pool.fill(0, next, next + size);
  next += size;
  return bytes;
}

/** uuid's v7 state in this process: the millisecond of the last id and its counter. */
const state = { msecs: Number.NEGATIVE_INFINITY, seq: 0 };

/**
 * A UUIDv7 (RFC 9562), increasing within this process as uuid's `v7()` makes them (the same 32-bit
 * counter, started at a random value each new millisecond and carried into the next millisecond
 * when it wraps), so ids made in one batch sort in the order they were made; the random part comes
 * from randomBytesPooled.
 */
export function uuidv7(): string {
  const random = randomBytesPooled(16);
  const now = Date.now();
  if (now > state.msecs) {
    state.msecs = now;
    state.seq = random.readUInt32BE(6) & 0x7fffffff;
  } else {
    state.seq = (state.seq + 1) | 0;
    if (state.seq === 0) state.msecs += 1;
  }
  return v7({ random, msecs: state.msecs, seq: state.seq });
}
