export { ConfirmButton } from './confirm-button';
export { fieldError, namesOneOf } from './field-errors';
export { dateTime } from './format';
export { PageHeader } from './page-header';
export { PagedTable, pageOf, type Column, type Page, type PageRequest } from './paged-table';
export { ProblemAlert } from './problem-alert';
export { ScrollRegion } from './scroll-region';
export { SecretOnce } from './secret-once';
export { useApiQuery, type ApiQuery } from './use-api-query';
