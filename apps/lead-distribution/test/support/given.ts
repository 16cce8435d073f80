import type { ApiKeyIssuedDto, PartnerDto, ProductDto, ProviderDto } from '#contracts';
import { asOperator, type LeadDistributionTestApp } from './lead-distribution.js';

/**
 * The state a lead-distribution test starts from, made through the operator API as an operator
 * makes it:
 *
 *   const { product, providerKey } = await given(app).provider().product('치아보험 DB');
 *   const agency = await given(app).partner('Agency').key();
 *   const branch = await given(app).partner('Branch', agency.partner.id).key();
 *
 * A step is awaited to get what it made; a step not awaited does nothing.
 */
export function given(app: LeadDistributionTestApp): Given {
  return new Given(app);
}

/** A provider, its key and one product of theirs. */
export interface ProviderWithProduct {
  provider: ProviderDto;
  providerKey: string;
  product: ProductDto;
}

/** A partner with a key of its own. */
export interface KeyedPartner {
  partner: PartnerDto;
  apiKey: string;
  keyId: string;
}

export class Given {
  constructor(private readonly app: LeadDistributionTestApp) {}

  /** A provider named `name` (by default after its product: '<product> 공급사'), with a key. */
  provider(name?: string): ProviderStep {
    return new ProviderStep(this.app, name);
  }

  /** A partner, below `parentId` when given. */
  partner(name: string, parentId?: number): PartnerStep {
    return new PartnerStep(this.app, async () => {
      const response = await asOperator(this.app)
        .post('/api/v1/admin/partners')
        .send(parentId === undefined ? { name } : { name, parentId })
        .expect(201);
      return response.body as PartnerDto;
    });
  }
}

export class ProviderStep {
  constructor(
    private readonly app: LeadDistributionTestApp,
    private readonly name?: string,
  ) {}

  /** The provider, its key and one product (AS window `asWindowDays`, the service's default unless given). */
  async product(productName = '실손보험 상담 DB', asWindowDays?: number): Promise<ProviderWithProduct> {
    const operator = asOperator(this.app);
    const provider = (
      await operator
        .post('/api/v1/admin/providers')
        .send({ name: this.name ?? `${productName} 공급사` })
        .expect(201)
    ).body as ProviderDto;
    const key = (await operator.post(`/api/v1/admin/providers/${provider.id}/api-keys`).send({}).expect(201)).body as ApiKeyIssuedDto;
    const product = (
      await operator
        .post('/api/v1/admin/products')
        .send({ name: productName, providerId: provider.id, ...(asWindowDays === undefined ? {} : { asWindowDays }) })
        .expect(201)
    ).body as ProductDto;
    return { provider, providerKey: key.apiKey, product };
  }
}

export class PartnerStep implements PromiseLike<PartnerDto> {
  #partner?: Promise<PartnerDto>;

  constructor(
    private readonly app: LeadDistributionTestApp,
    private readonly make: () => Promise<PartnerDto>,
  ) {}

  private get made(): Promise<PartnerDto> {
    return (this.#partner ??= this.make());
  }

  then<A = PartnerDto, B = never>(
    onFulfilled?: ((value: PartnerDto) => A | PromiseLike<A>) | null,
    onRejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ) {
    return this.made.then(onFulfilled, onRejected);
  }

  /** The partner with a key issued by the operator. */
  async key(): Promise<KeyedPartner> {
    const partner = await this.made;
    const response = await asOperator(this.app).post(`/api/v1/admin/partners/${partner.id}/api-keys`).send({}).expect(201);
    const key = response.body as ApiKeyIssuedDto;
    return { partner, apiKey: key.apiKey, keyId: key.id };
  }
}
