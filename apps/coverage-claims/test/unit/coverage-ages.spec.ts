import { addMonthsClamped, addMonthsRolling, ageOn, insuranceAgeOn, koreaDate, parseIsoDate } from '../../src/common/calendar.js';

const age = (birth: string, on: string) => ageOn(parseIsoDate(birth), parseIsoDate(on));
const insuAge = (birth: string, on: string) => insuranceAgeOn(parseIsoDate(birth), parseIsoDate(on));

describe('age in full years', () => {
  it.each([
    ['1990-03-15', '2026-03-14', 35],
    ['1990-03-15', '2026-03-15', 36],
    ['1990-03-15', '1990-03-15', 0],
    ['1990-12-31', '2026-12-30', 35],
    ['1990-12-31', '2026-12-31', 36],
  ])('born %s, on %s: %i', (birth, on, expected) => {
    expect(age(birth, on)).toBe(expected);
  });

  it('counts a 29 February birthday on 1 March in common years and on 29 February in leap years', () => {
    expect(age('2000-02-29', '2025-02-28')).toBe(24);
    expect(age('2000-02-29', '2025-03-01')).toBe(25);
    expect(age('2000-02-29', '2024-02-28')).toBe(23);
    expect(age('2000-02-29', '2024-02-29')).toBe(24);
  });

  it('refuses a date before the birth date', () => {
    expect(() => age('2000-01-02', '2000-01-01')).toThrow(RangeError);
  });
});

describe('insurance age: the age rounded at six months past the birthday', () => {
  it.each([
    // the day before six months have passed, the day they have
    ['1990-03-15', '2026-09-14', 36],
    ['1990-03-15', '2026-09-15', 37],
    // just before and on the birthday itself
    ['1990-03-15', '2026-03-14', 36],
    ['1990-03-15', '2026-03-15', 36],
    // the standard terms' example: 35 years 6 months 11 days is 36
    ['1988-10-02', '2024-04-13', 36],
    ['1988-10-02', '2024-04-01', 35],
    ['1988-10-02', '2024-04-02', 36],
    // a newborn
    ['2026-01-10', '2026-07-09', 0],
    ['2026-01-10', '2026-07-10', 1],
  ])('born %s, on %s: %i', (birth, on, expected) => {
    expect(insuAge(birth, on)).toBe(expected);
  });

  it('reaches six months of a 29 February birthday on 29 August, counted from the birth date', () => {
    expect(insuAge('2000-02-29', '2025-08-28')).toBe(25);
    expect(insuAge('2000-02-29', '2025-08-29')).toBe(26);
    expect(insuAge('2000-02-29', '2024-08-28')).toBe(24);
    expect(insuAge('2000-02-29', '2024-08-29')).toBe(25);
    // in a common year: 25 and six months on 28 February (26), 26 on the 1 March birthday (26)
    expect(insuAge('2000-02-29', '2026-02-28')).toBe(26);
    expect(insuAge('2000-02-29', '2026-03-01')).toBe(26);
  });

  it('rolls a six-month mark that falls on a missing day (31 August + 6 months) to 1 March', () => {
    expect(insuAge('1990-08-31', '2026-02-28')).toBe(35);
    expect(insuAge('1990-08-31', '2026-03-01')).toBe(36);
    expect(insuAge('1992-08-30', '2028-02-29')).toBe(35);
    expect(insuAge('1992-08-30', '2028-03-01')).toBe(36);
  });
});

describe('calendar arithmetic', () => {
  it('adds months rolling a missing day forward (ages) or clamping it to the month end (instalments)', () => {
    expect(addMonthsRolling(parseIsoDate('2024-01-31'), 1)).toEqual(parseIsoDate('2024-03-01'));
    expect(addMonthsClamped(parseIsoDate('2024-01-31'), 1)).toEqual(parseIsoDate('2024-02-29'));
    expect(addMonthsClamped(parseIsoDate('2023-01-31'), 1)).toEqual(parseIsoDate('2023-02-28'));
    expect(addMonthsClamped(parseIsoDate('2023-11-30'), 3)).toEqual(parseIsoDate('2024-02-29'));
    expect(addMonthsRolling(parseIsoDate('2023-12-15'), -12)).toEqual(parseIsoDate('2022-12-15'));
  });

  it('takes the analysis date in Korea (UTC+9)', () => {
    expect(koreaDate(new Date('2026-11-20T14:59:59.999Z'))).toEqual(parseIsoDate('2026-11-20'));
    expect(koreaDate(new Date('2026-11-20T15:00:00.000Z'))).toEqual(parseIsoDate('2026-11-21'));
  });

  it('refuses impossible dates', () => {
    expect(() => parseIsoDate('2025-02-29')).toThrow(RangeError);
    expect(() => parseIsoDate('2025-13-01')).toThrow(RangeError);
  });
});
