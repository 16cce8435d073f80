import { setTimeout as sleep } from 'node:timers/promises';
import { Inject, Injectable } from '@nestjs/common';
import {
  NhisAuthStatus,
  SecondStepMethod,
  TermPurpose,
  type NhisAuthCompletedDto,
  type NhisAuthDto,
  type RequestNhisAuthDto,
} from '#contracts';
import { visibilityOf, type UserPrincipal } from '../../auth/principal.js';
import { CustomerPrompts } from '../../customers/customer-prompts.service.js';
import { CustomerErrors } from '../../customers/customers.errors.js';
import { CustomersService } from '../../customers/customers.service.js';
import { TermsService } from '../../terms/terms.service.js';
import { TwoStepPurpose } from '../../two-step/entities/two-step-sign-in.entity.js';
import { TwoStepService, stepRefusal, useRefusal, type SignIn } from '../../two-step/two-step.service.js';
import { NhisAuthErrors } from './nhis-auth.errors.js';
import {
  NHIS,
  NhisApproval,
  NhisProviderUnsupportedError,
  NhisUnavailableError,
  type NhisApprovalAnswer,
  type NhisAuthHandle,
  type NhisPort,
} from '../../integrations/nhis/nhis.port.js';

/** A completed authentication within its window, as the check-up lookup gets it. */
export interface LookupAuthorisation {
  nhisAuthId: string;
  customerId: string;
  handle: NhisAuthHandle;
}

@Injectable()
export class NhisAuthService {
  constructor(
    private readonly twoStep: TwoStepService,
    private readonly customers: CustomersService,
    private readonly prompts: CustomerPrompts,
    private readonly terms: TermsService,
    @Inject(NHIS) private readonly nhis: NhisPort,
  ) {}

  /**
   * Sends the approval request to the customer's app through the NHIS port, then stores the session
   * (a two-step sign-in, its reference sealed) and the health-data consent in one transaction. The port is asked first: when it fails (503)
   * nothing is stored, neither session nor consent; a provider app the source does not offer is 400
   * naming provider. Each request counts against the customer's prompts (CustomerPrompts; 429 past them).
   */
  async request(user: UserPrincipal, input: RequestNhisAuthDto): Promise<NhisAuthDto> {
    const agreed = await this.terms.requireAgreed(TermPurpose.HealthCheckup, input.agreedTermIds);
    const customer = await this.customers.get(user, input.customerId);
    // Check-ups are judged against ranges by sex; a customer only a claim recorded has none yet.
    if (customer.gender === null) throw CustomerErrors.genderUnknown(customer.id);
    const { gender } = customer;
    // The request prompts the customer's app: counted per customer (429 past the limit) before the NHIS is asked.
    await this.prompts.take(customer.id);
    const handle = await nhisCall(() =>
      this.nhis.requestAuth({
        customer: { name: customer.name, birthDate: customer.birthDate, gender, phone: customer.phone },
        provider: input.provider,
        ...(input.telecom ? { telecom: input.telecom } : {}),
      }),
    );
    const started = await this.twoStep.start(
      {
        purpose: TwoStepPurpose.NhisCheckups,
        organisationId: user.organisationId,
        plannerId: user.userId,
        customerId: customer.id,
        method: SecondStepMethod.AppApproval,
        provider: input.provider,
        telecom: input.telecom ?? null,
        state: handle.reference,
      },
      (tx, session) =>
        this.customers.recordConsents(tx, {
          customerId: customer.id,
          termIds: agreed.map((term) => term.id),
          verificationId: null,
          plannerId: user.userId,
          agreedAt: session.requestedAt,
        }),
    );
    // Deleted while the request went out.
    if (!started) throw CustomerErrors.notFound(customer.id);
    return {
      id: started.id,
      customerId: customer.id,
      provider: input.provider,
      status: NhisAuthStatus.Pending,
      expiresAt: started.expiresAt.toISOString(),
    };
  }

  /**
   * Asks the NHIS whether the customer approved: approved completes the session (check-ups allowed
   * for 10 minutes; a replacement reference the source gives is stored sealed in place of the old
   * one), refused is recorded and answered 409, still waiting is 409 NHIS_AUTH_PENDING, past its
   * 270 s 410 (also when the source says the request is over: the session then expires in the
   * database, and later calls answer 410 without asking the source). A completed session is answered
   * again as it was. No transaction or lock is held while the NHIS is asked (front ends poll this; a
   * slow provider must not hold a pooled connection per poll): the answer is stored with a
   * compare-and-set on the PENDING state, and a session another call changed meanwhile is answered
   * from what that call stored (also when the source failed this call because another one had
   * already taken its answer).
   */
  async complete(user: UserPrincipal, id: string): Promise<NhisAuthCompletedDto> {
    const found = await this.find(user, id);
    if (!found) throw NhisAuthErrors.notFound(id);
    const answered = answerOf(found.signIn, found.now);
    if (answered) return answered;
    let answer: NhisApprovalAnswer;
    try {
      answer = await nhisCall(() => this.nhis.approvalOf(handleOf(found.signIn)));
    } catch (error) {
      const stored = await this.answerStoredMeanwhile(user, id);
      if (stored) return stored;
      throw error;
    }
    const stored = await this.store(id, answer);
    if (stored) return answerOf(stored.signIn, stored.now) ?? unreachable();
    // Changed (or expired) meanwhile: as it is now.
    const now = await this.find(user, id);
    if (!now) throw NhisAuthErrors.notFound(id);
    const current = answerOf(now.signIn, now.now);
    if (current) return current;
    throw NhisAuthErrors.pending();
  }

  /**
   * After the source failed this call: the answer another call stored meanwhile, if any. The source
   * answers an approval once, so a call racing another one fails at the source while the other, which
   * took the answer, is still storing it: a session still pending is read again for a moment
   * (STORED_MEANWHILE_WAIT_MS) before the failure is believed.
   */
  private async answerStoredMeanwhile(user: UserPrincipal, id: string): Promise<NhisAuthCompletedDto | undefined> {
    const deadline = Date.now() + STORED_MEANWHILE_WAIT_MS;
    for (;;) {
      const current = await this.find(user, id);
      if (!current) return undefined;
      const stored = answerOf(current.signIn, current.now);
      if (stored || Date.now() >= deadline) return stored;
      await sleep(STORED_MEANWHILE_POLL_MS);
    }
  }

  private store(id: string, answer: NhisApprovalAnswer): Promise<{ signIn: SignIn; now: Date } | null> {
    switch (answer.approval) {
      case NhisApproval.Pending:
        throw NhisAuthErrors.pending();
      case NhisApproval.Refused:
        return this.twoStep.refuse(id);
      case NhisApproval.Expired:
        return this.twoStep.expire(id);
      case NhisApproval.Approved:
        return this.twoStep.complete(id, answer.handle?.reference);
    }
  }

  private find(user: UserPrincipal, id: string): Promise<{ signIn: SignIn; now: Date } | null> {
    return this.twoStep.find(TwoStepPurpose.NhisCheckups, visibilityOf(user), id);
  }

  /**
   * What the check-up lookup calls first: the session must be the user's (404 naming nhisAuthId
   * otherwise), completed (409 NHIS_AUTH_REQUIRED) and within its 10 minutes (410 NHIS_AUTH_EXPIRED).
   */
  async requireLookup(user: UserPrincipal, nhisAuthId: string): Promise<LookupAuthorisation> {
    const found = await this.find(user, nhisAuthId);
    if (!found) throw NhisAuthErrors.notFound(nhisAuthId, 'nhisAuthId');
    switch (useRefusal(found.signIn, found.now)) {
      case 'NOT_COMPLETED':
        throw NhisAuthErrors.required();
      case 'EXPIRED':
        throw NhisAuthErrors.lookupExpired();
      case null:
        return { nhisAuthId, customerId: found.signIn.customerId, handle: handleOf(found.signIn) };
    }
  }
}

/** The adapter's handle: the sign-in's state. */
function handleOf(signIn: SignIn): NhisAuthHandle {
  // Forgotten: only a session past its time has none, and that is answered before the source is asked.
  if (signIn.state === null) throw NhisAuthErrors.expired();
  return { reference: signIn.state };
}

/** How long a complete the source failed waits for a concurrent complete's answer, and how often it looks. */
const STORED_MEANWHILE_WAIT_MS = 2000;
const STORED_MEANWHILE_POLL_MS = 50;

function toCompletedResponse(signIn: SignIn): NhisAuthCompletedDto {
  return { id: signIn.id, status: NhisAuthStatus.Completed, checkupsAllowedUntil: signIn.usableUntil!.toISOString() };
}

/**
 * What a session's stored state answers by itself: completed (200, as it was), refused (409) or
 * expired (410); undefined while the NHIS must be asked.
 */
function answerOf(signIn: SignIn, now: Date): NhisAuthCompletedDto | undefined {
  if (signIn.status === NhisAuthStatus.Completed) return toCompletedResponse(signIn);
  switch (stepRefusal(signIn, now)) {
    case 'REFUSED':
      throw NhisAuthErrors.refused();
    case 'EXPIRED':
      throw NhisAuthErrors.expired();
    case null:
      return undefined;
  }
}

function unreachable(): never {
  throw new Error('A stored NHIS answer is completed, refused or expired');
}

/** The port's answer; its failures as problems: 503 NHIS_UNAVAILABLE, 400 naming provider. */
export async function nhisCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof NhisUnavailableError) throw NhisAuthErrors.unavailable();
    if (error instanceof NhisProviderUnsupportedError) throw NhisAuthErrors.providerUnsupported(error.provider);
    throw error;
  }
}
