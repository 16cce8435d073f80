import { MEASUREMENT_CODES } from '../../src/medical/checkups/checkup.js';
import { NhisApproval, NhisUnavailableError, type NhisCustomer } from '../../src/integrations/nhis/nhis.port.js';
import { ckdEpi2021, sandboxCheckups, sandboxUnitOf } from '../../src/integrations/nhis/sandbox/sandbox-checkups.js';
import { SANDBOX_NHIS_PHONE_ENDINGS, SandboxNhisAdapter } from '../../src/integrations/nhis/sandbox/sandbox-nhis.adapter.js';
import { NhisAuthProvider } from '#contracts';

const customer = (overrides: Partial<NhisCustomer> = {}): NhisCustomer => ({
  name: '홍길동',
  birthDate: '19700314',
  gender: 'M' as NhisCustomer['gender'],
  phone: '01012345678',
  ...overrides,
});

describe('sandbox NHIS adapter', () => {
  let now = 1_800_000_000_000;
  const adapter = new SandboxNhisAdapter({ approvalSeconds: 3, now: () => now });
  const request = (phone: string) => adapter.requestAuth({ customer: customer({ phone }), provider: NhisAuthProvider.Kakao });

  it('approves NHIS_SANDBOX_APPROVAL_SECONDS after the request, not before', async () => {
    const handle = await request('01012345678');
    now += 2_999;
    expect((await adapter.approvalOf(handle)).approval).toBe(NhisApproval.Pending);
    now += 1;
    expect((await adapter.approvalOf(handle)).approval).toBe(NhisApproval.Approved);
  });

  it('never approves 0011, refuses 0012 after the delay, is down for 0013, holds no check-ups of 0014', async () => {
    const never = await request(`0101234${SANDBOX_NHIS_PHONE_ENDINGS.neverApproved}`);
    const refused = await request(`0101234${SANDBOX_NHIS_PHONE_ENDINGS.refused}`);
    const empty = await request(`0101234${SANDBOX_NHIS_PHONE_ENDINGS.noCheckups}`);
    await expect(request(`0101234${SANDBOX_NHIS_PHONE_ENDINGS.unavailable}`)).rejects.toBeInstanceOf(NhisUnavailableError);
    expect((await adapter.approvalOf(refused)).approval).toBe(NhisApproval.Pending);
    now += 3_000;
    expect((await adapter.approvalOf(never)).approval).toBe(NhisApproval.Pending);
    expect((await adapter.approvalOf(refused)).approval).toBe(NhisApproval.Refused);
    expect((await adapter.approvalOf(empty)).approval).toBe(NhisApproval.Approved);
    expect(await adapter.checkupsOf(empty, customer())).toEqual([]);
  });

  it('rejects a reference it did not issue as the source would: unavailable, not a crash', async () => {
    await expect(adapter.approvalOf({ reference: 'other:1' })).rejects.toBeInstanceOf(NhisUnavailableError);
  });
});

describe('sandbox check-ups', () => {
  const people = Array.from({ length: 200 }, (_, index) =>
    customer({
      name: `고객${index}`,
      birthDate: `19${String(40 + (index % 60)).padStart(2, '0')}0${1 + (index % 9)}15`,
      gender: (index % 2 ? 'F' : 'M') as NhisCustomer['gender'],
      phone: `0109${String(index).padStart(3, '0')}5678`,
    }),
  );

  it('gives the same customer the same history, and another customer another', () => {
    expect(sandboxCheckups(customer(), 2026)).toEqual(sandboxCheckups(customer(), 2026));
    expect(sandboxCheckups(customer(), 2026)).not.toEqual(sandboxCheckups(customer({ phone: '01012345679' }), 2026));
  });

  it('gives adults 1 to 9 examinations within the nine years before the lookup’s year (2017–2025 in 2026), every measurement in order with its unit, no one under 20', () => {
    for (const person of people) {
      const checkups = sandboxCheckups(person, 2026);
      expect(checkups.length).toBeGreaterThanOrEqual(1);
      expect(checkups.length).toBeLessThanOrEqual(9);
      for (const checkup of checkups) {
        expect(checkup.year).toBeGreaterThanOrEqual(2017);
        expect(checkup.year).toBeLessThanOrEqual(2025);
        expect(checkup.measurements.map((measurement) => measurement.code)).toEqual([...MEASUREMENT_CODES]);
        for (const measurement of checkup.measurements) expect(measurement.unit).toBe(sandboxUnitOf(measurement.code));
      }
    }
    expect(sandboxCheckups(customer({ birthDate: '20100101' }), 2026)).toEqual([]);
    expect(people.flatMap((person) => sandboxCheckups(person, 2031)).every((checkup) => checkup.year >= 2022 && checkup.year <= 2030)).toBe(
      true,
    );
  });

  it('makes values plausible: BMI from height and weight, LDL below total cholesterol, eGFR from creatinine', () => {
    for (const person of people) {
      for (const checkup of sandboxCheckups(person, 2026)) {
        const value = Object.fromEntries(checkup.measurements.map((measurement) => [measurement.code, measurement.value])) as Record<
          string,
          number
        >;
        expect(Math.abs(value.BMI! - value.WEIGHT! / (value.HEIGHT! / 100) ** 2)).toBeLessThan(0.06);
        expect(value.LDL_CHOLESTEROL!).toBeLessThan(value.TOTAL_CHOLESTEROL!);
        expect(value.DIASTOLIC_BP!).toBeLessThan(value.SYSTOLIC_BP!);
        const age = checkup.year - Number(person.birthDate.slice(0, 4));
        expect(value.EGFR).toBe(Math.round(ckdEpi2021(value.SERUM_CREATININE!, age, person.gender === 'F')));
      }
    }
  });

  it('drifts: across customers with several examinations, weight and glucose rise on average from the first to the last', () => {
    const deltas = people
      .map((person) => sandboxCheckups(person, 2026))
      .filter((checkups) => checkups.length >= 3)
      .map((checkups) => {
        const valueOf = (index: number, code: string) =>
          checkups.at(index)!.measurements.find((measurement) => measurement.code === code)!.value as number;
        return {
          weight: valueOf(-1, 'WEIGHT') - valueOf(0, 'WEIGHT'),
          glucose: valueOf(-1, 'FASTING_GLUCOSE') - valueOf(0, 'FASTING_GLUCOSE'),
        };
      });
    expect(deltas.length).toBeGreaterThan(30);
    const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
    expect(mean(deltas.map((delta) => delta.weight))).toBeGreaterThan(0);
    expect(mean(deltas.map((delta) => delta.glucose))).toBeGreaterThan(0);
  });

  it('computes eGFR by the CKD-EPI 2021 equation: 142 × 0.9938^age at creatinine = κ, × 1.012 for women, falling as creatinine rises', () => {
    expect(ckdEpi2021(0.9, 40, false)).toBeCloseTo(142 * 0.9938 ** 40, 10);
    expect(ckdEpi2021(0.7, 40, true)).toBeCloseTo(142 * 0.9938 ** 40 * 1.012, 10);
    // Above κ the exponent is -1.200: 1.8 mg/dL (twice κ) for a man of 40 is 2^-1.2 of the value at κ.
    expect(ckdEpi2021(1.8, 40, false)).toBeCloseTo(142 * 0.9938 ** 40 * 2 ** -1.2, 10);
    expect(ckdEpi2021(1.2, 60, false)).toBeGreaterThan(ckdEpi2021(1.6, 60, false));
  });
});
