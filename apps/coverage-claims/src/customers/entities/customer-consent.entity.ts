import { Column, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn, type Relation } from 'typeorm';
import { Term } from '../../terms/entities/term.entity.js';
import { User } from '../../users/entities/user.entity.js';
import { CustomerVerification } from '../../verifications/entities/customer-verification.entity.js';
import { Customer } from './customer.entity.js';

/** A term version a customer agreed to, when, and through which planner (one row per term and request). */
@Entity({ name: 'customer_consents' })
export class CustomerConsent {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Index('idx_customer_consents_customer')
  @Column({ name: 'customer_id', type: 'uuid' })
  customerId!: string;

  @ManyToOne(() => Customer, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'customer_id', foreignKeyConstraintName: 'fk_customer_consents_customer' })
  customer?: Relation<Customer>;

  @Column({ name: 'term_id', type: 'varchar', length: 64 })
  termId!: string;

  @ManyToOne(() => Term, { onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'term_id', foreignKeyConstraintName: 'fk_customer_consents_term' })
  term?: Relation<Term>;

  /** The verification request the consent came with; the consent outlives the request's housekeeping. */
  @Index('idx_customer_consents_verification')
  @Column({ name: 'verification_id', type: 'uuid', nullable: true })
  verificationId!: string | null;

  @ManyToOne(() => CustomerVerification, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'verification_id', foreignKeyConstraintName: 'fk_customer_consents_verification' })
  verification?: Relation<CustomerVerification> | null;

  @Index('idx_customer_consents_planner')
  @Column({ name: 'planner_id', type: 'uuid', nullable: true })
  plannerId!: string | null;

  @ManyToOne(() => User, { nullable: true, onDelete: 'SET NULL' })
  @JoinColumn({ name: 'planner_id', foreignKeyConstraintName: 'fk_customer_consents_planner' })
  planner?: Relation<User> | null;

  @Column({ name: 'agreed_at', type: 'timestamptz' })
  agreedAt!: Date;
}
