import type { CheckupsDto, MedicalReportDto, NhisAuthDto } from '#contracts';
import {
  sharedDeploymentKeys,
  startCoverageClaims,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type SignedIn,
  type VerificationBody,
} from './support/coverage-claims.js';
import { LogCapture } from '../../../test/support/log-capture.js';
import { FAKE_ROWS_AS_CHECKUPS } from './support/codef-fake-checkups.js';
import { CODEF_FAKE_CHECKUP_YEARS, CodefFake } from './support/fakes/codef-fake.js';
import { given } from './support/given.js';
import { HEALTH_TERM_ID, judgedAsTheTableSays } from './support/nhis-port-contract.js';

/**
 * NHIS_ADAPTER=codef across replicas and into the medical report: two instances of the service on one
 * database, one CODEF (the fake) behind both, as a deployment with several pods runs.
 */
describe('NHIS check-ups through CODEF, across instances and into the medical report', () => {
  let fake: CodefFake;
  let first: CoverageClaimsTestApp;
  let second: CoverageClaimsTestApp;
  let planner: SignedIn;
  const logs = new LogCapture();

  const on = (app: CoverageClaimsTestApp) => ({
    requestAuth: (customerId: string) =>
      withToken(app, planner.accessToken)
        .post('/api/v1/medical-bojang/nhis-auth')
        .send({ customerId, provider: 'NAVER', agreedTermIds: [HEALTH_TERM_ID] }),
    complete: (id: string) => withToken(app, planner.accessToken).post(`/api/v1/medical-bojang/nhis-auth/${id}/complete`).send(),
    lookup: (nhisAuthId: string) => withToken(app, planner.accessToken).post('/api/v1/medical-bojang/checkups').send({ nhisAuthId }),
    report: (seq: string) => withToken(app, planner.accessToken).post('/api/v1/medical-bojang/report/json').send({ seq }),
  });

  /** A customer whose app approval CODEF waits for until the test approves. */
  const approving = (body: VerificationBody = verificationBody()) => {
    fake.twoStep(body.phone, ['simpleAuth'], { approveAfterTries: Infinity });
    return body;
  };

  beforeAll(async () => {
    fake = await CodefFake.start();
    // One deployment: the replicas share the field-encryption and lookup-hash keys (the Secret's).
    const env = {
      ...fake.env(),
      NHIS_ADAPTER: 'codef',
      CODEF_TIMEOUT_MS: '10000',
      ...sharedDeploymentKeys(),
    };
    // Both replicas log everything to one capture, as a log collector would see them.
    first = await startCoverageClaims({ env: { ...env, LOG_LEVEL: 'debug' }, logDestination: logs });
    second = await startCoverageClaims({ env: { ...env, LOG_LEVEL: 'debug' }, logDestination: logs, databaseUrl: first.databaseUrl });
    planner = await given(first).planner({ organisation: '복제 에셋' });
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await fake?.close();
  });

  it('requests on one instance and completes and looks up on the other: the two-step state is in the database, sealed', async () => {
    const body = approving();
    const customerId = (await given(first).as(planner).customer(body)).customerId;
    const auth = (await on(first).requestAuth(customerId).expect(201)).body as NhisAuthDto;

    expect((await on(second).complete(auth.id).expect(409)).body.code).toBe('NHIS_AUTH_PENDING');
    fake.approve(body.phone);
    await on(second).complete(auth.id).expect(200);
    // The follow-up the second instance sent was the first instance's request, repeated.
    const [request, ...followUps] = fake.requestsFor(body.phone);
    expect(followUps.map((followUp) => [followUp.is2Way, followUp.code])).toEqual([
      [true, 'CF-03002'],
      [true, 'CF-00000'],
    ]);
    expect(followUps[1]!.params).toMatchObject(request!.params);

    // Either instance looks them up, from what the other stored.
    const expected = judgedAsTheTableSays(FAKE_ROWS_AS_CHECKUPS, 'M');
    for (const app of [first, second]) expect(((await on(app).lookup(auth.id).expect(200)).body as CheckupsDto).checkups).toEqual(expected);
    expect(fake.requestsFor(body.phone)).toHaveLength(3);
  });

  it('produces the medical report of a customer whose check-ups came through CODEF, with the fake’s rows as its check-ups', async () => {
    const customer = await given(first)
      .as(planner)
      .verifiedCustomer(approving(verificationBody({ name: '홍길동', birthDate: '19700315' })))
      .analysis();
    const auth = (await on(first).requestAuth(customer.customerId).expect(201)).body as NhisAuthDto;
    fake.approve(customer.body.phone);
    await on(second).complete(auth.id).expect(200);
    await on(second).lookup(auth.id).expect(200);

    const report = (await on(first).report(customer.seq).expect(200)).body as MedicalReportDto;
    const { earlier, latest } = CODEF_FAKE_CHECKUP_YEARS;
    expect(report.checkups).toEqual({ count: 2, years: [earlier, latest], latestExaminedOn: `${latest}-11-05`, notice: null });
    expect(report.customer).toMatchObject({ name: '홍*동', birthDate: '1970-03-15' });
    // Every chart is a measurement of the rows, year by year, judged as the table says.
    const expected = judgedAsTheTableSays(FAKE_ROWS_AS_CHECKUPS, 'M');
    expect(report.charts.length).toBeGreaterThan(5);
    for (const chart of report.charts) {
      const points = expected.flatMap((checkup) =>
        checkup.measurements
          .filter((measurement) => measurement.code === chart.code)
          .map((measurement) => ({ year: checkup.year, value: measurement.value, band: measurement.band })),
      );
      expect([chart.code, chart.series]).toEqual([chart.code, points]);
    }
    const glucose = report.charts.find((chart) => chart.code === 'FASTING_GLUCOSE')!;
    expect(glucose.series).toEqual([
      { year: earlier, value: 97, band: 'NORMAL_A' },
      { year: latest, value: 104, band: 'NORMAL_B' },
    ]);
    expect(report.groups.every((group) => group.level !== 'UNKNOWN')).toBe(true);
  });

  it('logs nothing of the customer or their check-ups, and a CODEF configuration error at error level while the customer gets 503', async () => {
    const body = approving(verificationBody({ name: '로그검사', birthDate: '19640229' }));
    const customerId = (await given(first).as(planner).customer(body)).customerId;
    const auth = (await on(first).requestAuth(customerId).expect(201)).body as NhisAuthDto;
    fake.approve(body.phone);
    fake.failNext('CF-00004', { product: 'checkups' });
    expect((await on(second).complete(auth.id).expect(503)).body.code).toBe('NHIS_UNAVAILABLE');
    expect(logs.lines.some((line) => line.level === 'error' && line.code === 'CF-00004' && line.kind === 'CONFIGURATION')).toBe(true);
    await on(second).complete(auth.id).expect(200);
    await on(first).lookup(auth.id).expect(200);

    expect(logs.raw.length).toBeGreaterThan(10);
    const everything = logs.raw.join('\n');
    for (const personal of [
      body.name,
      body.phone,
      body.birthDate,
      '한빛내과의원',
      '새솔의원',
      '172.4',
      'resPreviewList',
      'FASTING_GLUCOSE',
    ])
      expect([personal, everything.includes(personal)]).toEqual([personal, false]);
  });
});
