import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { NhisAuthProvider, SecondStepMethod, Telecom } from '#contracts';
import { FieldCipher, uuidv7 } from '#platform';
import type { Visibility } from '../auth/principal.js';
import type { TwoStepPurpose, TwoStepSignIn } from './entities/two-step-sign-in.entity.js';
import { TwoStepRepository, type HoldRefusal } from './two-step.repository.js';
import { SIGN_IN_TTL_SECONDS, USE_WINDOW_SECONDS } from './two-step-rules.js';

export {
  HOLD_MARGIN_SECONDS,
  MAX_WRONG_ANSWERS,
  SIGN_IN_TTL_SECONDS,
  USE_WINDOW_SECONDS,
  stepRefusal,
  useRefusal,
} from './two-step-rules.js';
export type { HoldRefusal };

/** A two-step sign-in as a feature sees it: its row, with the source's state and the caller's context opened. */
export type SignIn = Omit<
  TwoStepSignIn,
  'organisation' | 'planner' | 'customer' | 'verification' | 'keyId' | 'referenceCiphertext' | 'contextCiphertext' | 'heldUntil'
> & {
  /** The source's two-step state (what its follow-up needs); null once forgotten. */
  state: string | null;
  /** What the caller stored with it to read back at the follow-up; null when none. */
  context: string | null;
};

/** A sign-in a follow-up holds: no other follow-up reaches the source meanwhile. Changing or ending it takes this hold. */
export type HeldSignIn = SignIn & { readonly hold: string };

/** A sign-in to start: what it is for, whose it is, and the step the source asked for. */
export interface NewSignIn {
  purpose: TwoStepPurpose;
  organisationId: string;
  plannerId: string;
  customerId: string;
  /** The verification whose token authorised it, when one did. */
  verificationId?: string | null;
  method: SecondStepMethod;
  provider?: NhisAuthProvider | null;
  telecom?: Telecom | null;
  /** The source's two-step state, sealed here. */
  state: string;
  context?: string | null;
}

/** A new step the source asks for within the same sign-in. */
export interface NextStep {
  method: SecondStepMethod;
  state: string;
  context: string | null;
}

/** A started sign-in: its id and times (the database's clock). */
export interface StartedSignIn {
  id: string;
  requestedAt: Date;
  expiresAt: Date;
}

/**
 * The one store of two-step sign-ins (docs/decisions/two-step-sign-in.md): a source asked the customer
 * for a second step, and a follow-up brings the answer, on any replica. Features start one for their
 * purpose and find only theirs; the state is sealed here; it expires SIGN_IN_TTL_SECONDS after the
 * source first asked; a follow-up either holds it (`hold`: one follow-up at the source at a time) or
 * stores the source's answer with a compare-and-set (`complete`, `refuse`, `expire`). TwoStepSweep
 * spends what is spent.
 */
@Injectable()
export class TwoStepService {
  constructor(
    private readonly signIns: TwoStepRepository,
    private readonly cipher: FieldCipher,
  ) {}

  /**
   * Stores a pending sign-in (its state and context sealed) if its customer still exists, and runs
   * `also` in the same transaction with it (the caller's own rows, such as a consent). Null when the
   * customer was deleted meanwhile: nothing is stored and `also` does not run.
   */
  start(input: NewSignIn, also?: (tx: EntityManager, started: StartedSignIn) => Promise<void>): Promise<StartedSignIn | null> {
    const id = uuidv7();
    const state = this.cipher.seal(input.state);
    return this.signIns.transaction(async (tx) => {
      const times = await this.signIns.insert(
        tx,
        {
          id,
          purpose: input.purpose,
          organisationId: input.organisationId,
          plannerId: input.plannerId,
          customerId: input.customerId,
          verificationId: input.verificationId ?? null,
          method: input.method,
          provider: input.provider ?? null,
          telecom: input.telecom ?? null,
          keyId: state.keyId,
          referenceCiphertext: state.ciphertext,
          contextCiphertext: this.sealContext(input.context ?? null),
        },
        SIGN_IN_TTL_SECONDS,
      );
      if (!times) return null;
      const started = { id, ...times };
      await also?.(tx, started);
      return started;
    });
  }

  /** A sign-in of `purpose` the viewer may see, with the database's time now; null when not visible (or not of that purpose). */
  async find(purpose: TwoStepPurpose, visibility: Visibility, id: string): Promise<{ signIn: SignIn; now: Date } | null> {
    const found = await this.signIns.findVisible(purpose, visibility, id);
    return found && { signIn: this.opened(found.row), now: found.now };
  }

  /**
   * Holds a visible, pending, unexpired sign-in for a follow-up for `holdSeconds` (the bound of the
   * source's answer and a margin): of concurrent follow-ups on any replicas exactly one gets it. Or why
   * not: NOT_FOUND, EXPIRED (spent now), BUSY (another follow-up holds it).
   */
  async hold(purpose: TwoStepPurpose, visibility: Visibility, id: string, holdSeconds: number): Promise<HeldSignIn | HoldRefusal> {
    const held = await this.signIns.hold(purpose, visibility, id, holdSeconds);
    return typeof held === 'string' ? held : { ...this.opened(held), hold: held.hold };
  }

  /** Lets go of a held sign-in, storing the source's next step when it asked for another (the same id and expiry). */
  release(held: HeldSignIn, next?: NextStep): Promise<void> {
    if (!next) return this.signIns.release(held);
    const state = this.cipher.seal(next.state);
    return this.signIns.release(held, {
      method: next.method,
      keyId: state.keyId,
      referenceCiphertext: state.ciphertext,
      contextCiphertext: this.sealContext(next.context),
    });
  }

  /** Counts a wrong answer to the held step: how many so far (null when it is gone, or the hold is no longer this one). */
  countWrongAnswer(held: HeldSignIn): Promise<number | null> {
    return this.signIns.countWrongAnswer(held);
  }

  /** Ends a held sign-in that failed for good (deleted); true when the hold was still this one. */
  end(held: HeldSignIn): Promise<boolean> {
    return this.signIns.delete(held);
  }

  /**
   * Ends a held sign-in that succeeded and runs `work` (the caller's own rows) in the same
   * transaction; `{ result }`, or null (nothing done) when it was gone meanwhile (with its customer or
   * verification) or the hold was no longer this one.
   */
  finish<T>(held: HeldSignIn, work: (tx: EntityManager) => Promise<T>): Promise<{ result: T } | null> {
    return this.signIns.transaction(async (tx) => ((await this.signIns.delete(held, tx)) ? { result: await work(tx) } : null));
  }

  /**
   * The source approved: completes the sign-in if it is still pending and in time, its answer usable
   * for USE_WINDOW_SECONDS (with the source's replacement state when it gave one). Null when another
   * call changed it first, or it had expired.
   */
  async complete(id: string, state?: string): Promise<{ signIn: SignIn; now: Date } | null> {
    const sealed = state === undefined ? undefined : this.cipher.seal(state);
    return this.opening(
      this.signIns.completeIfPending(id, USE_WINDOW_SECONDS, sealed && { keyId: sealed.keyId, referenceCiphertext: sealed.ciphertext }),
    );
  }

  /** The customer refused: recorded if still pending and in time (the state forgotten); null otherwise. */
  refuse(id: string): Promise<{ signIn: SignIn; now: Date } | null> {
    return this.opening(this.signIns.refuseIfPending(id));
  }

  /** The source says the step is over: it expires now (still pending; the state forgotten); null when no longer pending or expired already. */
  expire(id: string): Promise<{ signIn: SignIn; now: Date } | null> {
    return this.opening(this.signIns.expireIfPending(id));
  }

  private async opening(changed: Promise<{ row: TwoStepSignIn; now: Date } | null>): Promise<{ signIn: SignIn; now: Date } | null> {
    const found = await changed;
    return found && { signIn: this.opened(found.row), now: found.now };
  }

  private opened(row: TwoStepSignIn): SignIn {
    const {
      organisation: _organisation,
      planner: _planner,
      customer: _customer,
      verification: _verification,
      keyId,
      referenceCiphertext,
      contextCiphertext,
      heldUntil: _heldUntil,
      ...signIn
    } = row;
    return {
      ...signIn,
      // Forgotten: an empty ciphertext, which no key opens.
      state: referenceCiphertext.length === 0 ? null : this.cipher.open({ keyId, ciphertext: referenceCiphertext }),
      context: contextCiphertext === null ? null : this.cipher.open({ keyId, ciphertext: contextCiphertext }),
    };
  }

  /** Sealed with the active key, the one the row's `key_id` names beside the state. */
  private sealContext(context: string | null): Buffer | null {
    return context === null ? null : this.cipher.seal(context).ciphertext;
  }
}
