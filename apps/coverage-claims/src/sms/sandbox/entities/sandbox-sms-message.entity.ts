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
