import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';
import type { SandboxMessageStatus } from '#contracts';

/**
 * A message the sandbox SMS adapter was given, kept in the database so that every replica shows the
 * same messages. Phone and text (which holds a one-time number) are encrypted like customer data.
 */
@Entity({ name: 'sandbox_sms_messages' })
@Index('idx_sandbox_sms_messages_created', ['createdAt', 'id'])
@Index('idx_sandbox_sms_messages_phone', ['phoneHash', 'createdAt', 'id'])
export class SandboxSmsMessage {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'phone_hash', type: 'char', length: 64 })
  phoneHash!: string;

  /** What the message was sent for (`verification-<id>`); null for messages kept before references were. */
  @Index('idx_sandbox_sms_messages_reference')
  @Column({ type: 'varchar', length: 64, nullable: true })
  reference!: string | null;

  @Column({ name: 'key_id', type: 'varchar', length: 32 })
  keyId!: string;

  @Column({ name: 'phone_ciphertext', type: 'bytea' })
  phoneCiphertext!: Buffer;

  @Column({ name: 'text_ciphertext', type: 'bytea' })
  textCiphertext!: Buffer;

  @Column({ type: 'varchar', length: 16 })
  status!: SandboxMessageStatus;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
