export * from './common/pagination.dto.js';
export * from './common/problem.dto.js';
export * from './common/transforms.js';
export * from './lead-distribution/api-key.dto.js';
export * from './lead-distribution/file.dto.js';
export * from './lead-distribution/partner.dto.js';
