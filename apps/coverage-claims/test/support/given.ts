import {
  UserRole,
  type CoverageAnalysisResultDto,
  type OrganisationWithSecretDto,
  type VerificationConfirmedDto,
  type VerificationDto,
} from '#contracts';
import {
  asOperator,
  createOrganisation,
  sandboxCode,
  signIn,
  verificationBody,
  withToken,
  type CoverageClaimsTestApp,
  type PlannerClaims,
  type SignedIn,
  type VerificationBody,
} from './coverage-claims.js';

/**
 * The state a coverage-claims test starts from, made through the service's own operations as a
 * planner's front end and the operator make it:
 *
 *   const planner = await given(app).planner({ organisation: '분석 에셋', name: '김설계' });
 *   const { seq, analysis } = await given(app).as(planner).verifiedCustomer().analysis();
 *   const { organisation, planner, otherPlanner, admin, outsiderAdmin } = await given(app).team('고객 에셋');
 *
 * A step is awaited to get what it made; a step not awaited does nothing.
 */
export function given(app: CoverageClaimsTestApp): Given {
  return new Given(app);
}

/** An organisation's planner, colleague and admin, and an admin of another organisation. */
export interface Team {
  organisation: OrganisationWithSecretDto;
  planner: SignedIn;
  otherPlanner: SignedIn;
  admin: SignedIn;
  otherOrganisation: OrganisationWithSecretDto;
  outsiderAdmin: SignedIn;
}

export interface PlannerOptions extends PlannerClaims {
  /** The planner's organisation, or the name of a new one (default: a new '한빛 에셋'). */
  organisation?: OrganisationWithSecretDto | string;
}

/** A customer verified by the sandbox SMS: the request, its confirmation and the token it gave. */
export interface VerifiedCustomer {
  planner: SignedIn;
  body: VerificationBody;
  verification: VerificationDto;
  confirmed: VerificationConfirmedDto;
  customerId: string;
  verificationToken: string;
}

/** A verified customer with a stored coverage analysis (POST /api/v1/coverage/analyses). */
export type AnalysedCustomer = VerifiedCustomer & CoverageAnalysisResultDto;

/** Something a test awaits: run once, when first awaited. */
class Step<T> implements PromiseLike<T> {
  #result?: Promise<T>;

  constructor(private readonly make: () => Promise<T>) {}

  protected get result(): Promise<T> {
    return (this.#result ??= this.make());
  }

  then<A = T, B = never>(
    onFulfilled?: ((value: T) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ) {
    return this.result.then(onFulfilled, onRejected);
  }
}

export class Given {
  constructor(private readonly app: CoverageClaimsTestApp) {}

  /** An organisation registered by the operator (its redirect URI: REDIRECT_URI). */
  organisation(name?: string): Promise<OrganisationWithSecretDto> {
    return createOrganisation(this.app, name);
  }

  /** A planner (or, with `role`, an admin) signed in by SSO. */
  planner({ organisation, ...claims }: PlannerOptions = {}): PlannerStep {
    return new PlannerStep(this.app, async () =>
      signIn(this.app, typeof organisation === 'object' ? organisation : await this.organisation(organisation), claims),
    );
  }

  /** The next steps taken by a planner already signed in. */
  as(planner: SignedIn): PlannerStep {
    return new PlannerStep(this.app, () => Promise.resolve(planner));
  }

  /** '김설계' and '이설계' (planners) and '박관리' (admin) of an organisation named `name`, and '최관리', an admin of '다른 에셋'. */
  async team(name: string): Promise<Team> {
    const organisation = await this.organisation(name);
    const planner = await signIn(this.app, organisation, { name: '김설계' });
    const otherPlanner = await signIn(this.app, organisation, { name: '이설계' });
    const admin = await signIn(this.app, organisation, { name: '박관리', role: UserRole.OrgAdmin });
    const otherOrganisation = await this.organisation('다른 에셋');
    const outsiderAdmin = await signIn(this.app, otherOrganisation, { name: '최관리', role: UserRole.OrgAdmin });
    return { organisation, planner, otherPlanner, admin, otherOrganisation, outsiderAdmin };
  }

  /** An insurer's claims fax, set as an operator does. */
  async insurerFax(code: string, fax: string): Promise<void> {
    await asOperator(this.app).patch(`/api/v1/admin/claim/insurers/${code}`).send({ claimsFax: fax }).expect(200);
  }
}

export class PlannerStep extends Step<SignedIn> {
  constructor(
    private readonly app: CoverageClaimsTestApp,
    make: () => Promise<SignedIn>,
  ) {
    super(make);
  }

  /** The planner's access token. */
  token(): Promise<string> {
    return this.result.then((planner) => planner.accessToken);
  }

  /** A customer of the planner's, made by a verification request left unconfirmed. */
  customer(body: VerificationBody = verificationBody()): Promise<VerificationDto> {
    return this.result.then(async (planner) => {
      const response = await withToken(this.app, planner.accessToken).post('/api/v1/coverage/verifications').send(body).expect(201);
      return response.body as VerificationDto;
    });
  }

  /** A customer the planner verified with the number the sandbox SMS sent (`idempotencyKey`: on the request). */
  verifiedCustomer(body: VerificationBody = verificationBody(), { idempotencyKey }: { idempotencyKey?: string } = {}): CustomerStep {
    return new CustomerStep(this.app, async () => {
      const planner = await this.result;
      const as = withToken(this.app, planner.accessToken);
      const requested = as.post('/api/v1/coverage/verifications');
      if (idempotencyKey !== undefined) requested.set('Idempotency-Key', idempotencyKey);
      const verification = (await requested.send(body).expect(201)).body as VerificationDto;
      const confirmed = (
        await as
          .post(`/api/v1/coverage/verifications/${verification.id}/confirm`)
          .send({ code: await sandboxCode(this.app, body.phone) })
          .expect(200)
      ).body as VerificationConfirmedDto;
      return {
        planner,
        body,
        verification,
        confirmed,
        customerId: verification.customerId,
        verificationToken: confirmed.verificationToken,
      };
    });
  }
}

export class CustomerStep extends Step<VerifiedCustomer> {
  constructor(
    private readonly app: CoverageClaimsTestApp,
    make: () => Promise<VerifiedCustomer>,
  ) {
    super(make);
  }

  /** The customer's coverage analysis, run by the planner who verified them. */
  analysis(): Promise<AnalysedCustomer> {
    return this.result.then(async (customer) => {
      const result = (
        await withToken(this.app, customer.planner.accessToken)
          .post('/api/v1/coverage/analyses')
          .send({ verificationToken: customer.verificationToken })
          .expect(201)
      ).body as CoverageAnalysisResultDto;
      return { ...customer, ...result };
    });
  }
}
