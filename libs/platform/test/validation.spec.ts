import { getMetadataStorage } from 'class-validator';
import '../../contracts/src/index.js';

describe('the validation pipe validates synchronously', () => {
  it('has no asynchronous rule among the contracts (validateSync would skip one)', () => {
    const storage = getMetadataStorage() as unknown as {
      validationMetadatas: Map<unknown, unknown[]>;
      constraintMetadatas: Map<unknown, Array<{ async: boolean; name?: string }>>;
    };
    expect(storage.validationMetadatas.size).toBeGreaterThan(50);
    const asynchronous = [...storage.constraintMetadatas.values()].flat().filter((constraint) => constraint.async);
    expect(asynchronous).toEqual([]);
  });
});
