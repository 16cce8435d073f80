import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import type { Gender } from '#contracts';
import { Customer } from '../../customers/entities/customer.entity.js';
import { Organisation } from '../../organisations/entities/organisation.entity.js';
import { User } from '../../users/entities/user.entity.js';

export enum VerificationStatus {
  /** Stored, the SMS not yet accepted by the gateway: not confirmable, but it holds the 60 s guard. */
  Sending = 'SENDING',
  /** The gateway refused the SMS: never confirmable, and it does not hold the 60 s guard. */
  Failed = 'FAILED',
  /** A number was sent; it may be confirmed until `expires_at`. */
  Pending = 'PENDING',
  Confirmed = 'CONFIRMED',
  /** Five wrong numbers: never confirmable. */
  Locked = 'LOCKED',
}

/**
 * A one-time number sent to a customer's phone. The number is stored only as an HMAC; once confirmed,
 * the verification token only as its SHA-256. Times come from the database's clock.
 */
@Entity({ name: 'customer_verifications' })
@Index('idx_customer_verifications_phone', ['organisationId', 'phoneHash', 'createdAt'])
@Index('uq_customer_verifications_token_hash', ['tokenHash'], { unique: true })
export class CustomerVerification {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'organisation_id', type: 'uuid' })
  organisationId!: string;

  @ManyToOne(() => Organisation, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'organisation_id', foreignKeyConstraintName: 'fk_customer_verifications_organisation' })
  organisation?: Relation<Organisation>;

  /** Set once the SMS was sent (the customer is created or found then); null while SENDING and when FAILED. */
  @Index('idx_customer_verifications_customer')
  @Column({ name: 'customer_id', type: 'uuid', nullable: true })
  customerId!: string | null;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_verifications_customer' })
  customer?: Relation<Customer>;

  /** The planner who requested it; null once that user is deleted. */
  @Index('idx_customer_verifications_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_customer_verifications_planner' })
  planner?: Relation<User> | null;

  /** Keyed hash of the phone the number went to: the resend guard counts per organisation and phone. */
  @Column({ name: 'phone_hash', type: 'char', length: 64 })
  phoneHash!: string;

  @Column({ name: 'code_hash', type: 'char', length: 64 })
  codeHash!: string;

  /**
   * What the request stated and only a confirmation makes true of the customer: their gender and the
   * terms they agreed to (consents are recorded on confirmation). Null on rows made before
   * confirmation applied them (their consents were recorded on request).
   */
  @Column({ type: 'varchar', length: 1, nullable: true })
  gender!: Gender | null;

  @Column({ name: 'agreed_term_ids', type: 'varchar', length: 64, array: true, nullable: true })
  agreedTermIds!: string[] | null;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'failed_attempts', type: 'smallint', default: 0 })
  failedAttempts!: number;

  @Column({ type: 'varchar', length: 16 })
  status!: VerificationStatus;

  @Column({ name: 'confirmed_at', type: 'timestamptz', nullable: true })
  confirmedAt!: Date | null;

  @Column({ name: 'token_hash', type: 'char', length: 64, nullable: true })
  tokenHash!: string | null;

  @Column({ name: 'token_expires_at', type: 'timestamptz', nullable: true })
  tokenExpiresAt!: Date | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /**
   * The SMS gateway's id of the message that carried the number (SOLAPI's message id), for support
   * look-ups: set once the gateway answered, also on a refusal when it gave one. Not personal data.
   */
  @Column({ name: 'sms_message_id', type: 'varchar', length: 64, nullable: true })
  smsMessageId!: string | null;
}
