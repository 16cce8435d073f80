import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An insurance company, as contracts and claims name it: one code set for both. Catalogue data. */
@Entity({ name: 'insurers' })
export class Insurer {
  /** Our own code (docs/sources/coverage-catalogue.md); an insurance-data adapter maps its source's codes to these. */
  @PrimaryColumn({ type: 'varchar', length: 8 })
  code!: string;

  @Column({ type: 'varchar', length: 50 })
  name!: string;

  @Column({ name: 'other_name', type: 'varchar', length: 100 })
  otherName!: string;

  @Column({ type: 'varchar', length: 8 })
  initial!: string;

  /** Code and name of an external rating agency's assessment; empty until there is a source for them. */
  @Column({ name: 'agency_code', type: 'varchar', length: 16 })
  agencyCode!: string;

  @Column({ name: 'agency_name', type: 'varchar', length: 50 })
  agencyName!: string;

  /** Path of the logo, relative to where the front ends serve insurer logos. */
  @Column({ name: 'logo_path', type: 'varchar', length: 200 })
  logoPath!: string;

  /** `LIFE` or `NON_LIFE` (InsurerType). */
  @Column({ type: 'varchar', length: 16 })
  type!: string;

  @Column({ name: 'sort_order', type: 'int' })
  sortOrder!: number;

  // Claim details, loaded with the claim reference lists (src/claim-reference/catalogue).

  /** Where claims are faxed, digits; null until known. Operators change it without a release. */
  @Column({ name: 'claims_fax', type: 'varchar', length: 12, nullable: true })
  claimsFax!: string | null;

  /** When an operator last set `claimsFax`; a later reference version then leaves it as it is. */
  @Column({ name: 'claims_fax_updated_at', type: 'timestamptz', nullable: true })
  claimsFaxUpdatedAt!: Date | null;

  /** Where claim documents are posted. */
  @Column({ name: 'claims_address', type: 'varchar', length: 200, nullable: true })
  claimsAddress!: string | null;
}

export type InsurerType = 'LIFE' | 'NON_LIFE';

/**
 * An insurer as a version of the list writes it (`catalogue/v<version>/`): one code set for
 * contracts, coverage analyses and claims. Loaded by the migration of the coverage catalogue of the
 * same version; the claim reference lists add the claim details.
 */
export type InsurerData = Pick<Insurer, 'code' | 'name' | 'otherName' | 'initial' | 'agencyCode' | 'agencyName' | 'logoPath'> & {
  type: InsurerType;
};

/** What a claim reference version says of an insurer (`claim-reference/catalogue/v<version>/`), loaded by loadInsurerClaimDetails. */
export interface InsurerClaimDetails {
  /** A code of the list; the loader refuses any other. */
  code: string;
  /** Digits; null until verified (an operator sets it, PATCH /api/v1/admin/claim/insurers/{code}). */
  claimsFax: string | null;
  /** Where claim documents are posted. */
  claimsAddress: string;
}
