import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryGeneratedColumn, type Relation } from 'typeorm';

/** An account that owns leads. Partners form a tree: an agency above its branches and planners. */
@Entity({ name: 'partners' })
export class Partner {
  @PrimaryGeneratedColumn('identity', { type: 'int', generatedIdentity: 'ALWAYS' })
  id!: number;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @Index('idx_partners_parent_id')
  @Column({ name: 'parent_id', type: 'int', nullable: true })
  parentId!: number | null;

  @ManyToOne(() => Partner, { nullable: true, onDelete: 'RESTRICT' })
  @JoinColumn({ name: 'parent_id', foreignKeyConstraintName: 'fk_partners_parent' })
  parent?: Relation<Partner> | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
