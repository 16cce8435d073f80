import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { TermPurpose } from '#contracts';

/**
 * One version of a term customers agree to. Versions are data loaded by migrations and never edited:
 * a changed text is a new row (new id, version + 1, its own effective date), so a consent always
 * names the exact text agreed to.
 */
@Entity({ name: 'terms' })
@Index('uq_terms_code_version', ['code', 'version'], { unique: true })
export class Term {
  /** `<code>-v<version>`, e.g. `coverage-privacy-collection-v1`. */
  @PrimaryColumn({ type: 'varchar', length: 64 })
  id!: string;

  @Column({ type: 'varchar', length: 32 })
  purpose!: TermPurpose;

  /** The term across its versions. */
  @Column({ type: 'varchar', length: 64 })
  code!: string;

  @Column({ type: 'int' })
  version!: number;

  @Column({ type: 'varchar', length: 100 })
  title!: string;

  @Column({ type: 'boolean' })
  required!: boolean;

  @Column({ type: 'text' })
  body!: string;

  /** YYYY-MM-DD, Korean date from which this version is the one in force. */
  @Column({ name: 'effective_date', type: 'date' })
  effectiveDate!: string;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;
}
