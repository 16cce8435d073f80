import { validate as isUuid, version as uuidVersion } from 'uuid';
import { randomBytesPooled, uuidv7 } from '../src/crypto/random.js';

describe('randomBytesPooled', () => {
  it('hands out each byte once, as a copy the caller owns, across refills of the pool', () => {
    const draws = Array.from({ length: 1000 }, () => randomBytesPooled(12));
    expect(new Set(draws.map((bytes) => bytes.toString('hex'))).size).toBe(1000);
    const first = Buffer.from(draws[0]!);
    randomBytesPooled(4096);
    expect(draws[0]).toEqual(first);
    expect(draws.every((bytes) => bytes.length === 12)).toBe(true);
  });

  it('refuses more than one pool at a time', () => {
    expect(() => randomBytesPooled(4097)).toThrow(RangeError);
  });
});

describe('uuidv7', () => {
  it('makes version 7 ids that increase in the order they were made, within and across milliseconds', () => {
    const ids = Array.from({ length: 20_000 }, () => uuidv7());
    expect(ids.every((id) => isUuid(id) && uuidVersion(id) === 7)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    const millisecond = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(Math.abs(millisecond(uuidv7()) - Date.now())).toBeLessThan(1000);
  });
});
