import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/**
 * An insurance planners' organisation: it signs its planners' SSO assertions with its own secret,
 * stored only AES-256-GCM-encrypted (the key id beside it, for rotation of the data keys), and lists
 * the redirect URIs sign-in may send a browser back to.
 */
@Entity({ name: 'organisations' })
export class Organisation {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Column({ name: 'sso_secret_ciphertext', type: 'bytea' })
  ssoSecretCiphertext!: Buffer;

  @Column({ name: 'sso_secret_key_id', type: 'varchar', length: 32 })
  ssoSecretKeyId!: string;

  @Column({ name: 'sso_secret_issued_at', type: 'timestamptz' })
  ssoSecretIssuedAt!: Date;

  @Column({ name: 'redirect_uris', type: 'text', array: true })
  redirectUris!: string[];

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
