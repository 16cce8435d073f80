import { Check, Column, Entity, Index, JoinColumn, ManyToOne, type Relation } from 'typeorm';
import { StoredFileColumns } from '#platform';
import { Partner } from '../../partners/entities/partner.entity.js';
import { Provider } from '../../providers/entities/provider.entity.js';

/**
 * A file presigned first, then uploaded straight to storage: a partner's AS evidence, or a provider's
 * file that its leads' metadata references by `fileKey`. Exactly one owner is set.
 */
@Entity({ name: 'stored_files' })
@Check('chk_stored_files_one_owner', `num_nonnulls("partner_id", "provider_id") = 1`)
export class StoredFile extends StoredFileColumns {
  @Index('idx_stored_files_partner_id')
  @Column({ name: 'partner_id', type: 'int', nullable: true })
  partnerId!: number | null;

  @ManyToOne(() => Partner, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'partner_id', foreignKeyConstraintName: 'fk_stored_files_partner' })
  partner?: Relation<Partner> | null;

  @Index('idx_stored_files_provider_id')
  @Column({ name: 'provider_id', type: 'uuid', nullable: true })
  providerId!: string | null;

  @ManyToOne(() => Provider, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'provider_id', foreignKeyConstraintName: 'fk_stored_files_provider' })
  provider?: Relation<Provider> | null;

  @Column({ name: 'original_name', type: 'varchar', length: 255 })
  originalName!: string;
}
