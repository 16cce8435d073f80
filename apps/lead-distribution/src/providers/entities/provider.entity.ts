import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A company that supplies leads for its products; it registers them with a provider key. */
@Entity({ name: 'providers' })
export class Provider {
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ type: 'varchar', length: 100 })
  name!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
