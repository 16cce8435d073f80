// Moved to common/coverage-units.ts: the medical analysis reads the units too (docs/decisions/feature-boundaries.md).
export { unitLabelOf, unitOf } from '../../common/coverage-units.js';
