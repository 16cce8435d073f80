// A vocabulary the operator console bundles as well (apps/console, docs/console.md): this file imports
// nothing and declares no decorators, so a browser build can take it without Nest or class-validator.

export enum OrderStatus {
  Pending = 'PENDING',
  InProgress = 'IN_PROGRESS',
  Completed = 'COMPLETED',
  Cancelled = 'CANCELLED',
}

export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  [OrderStatus.Pending]: '접수',
  [OrderStatus.InProgress]: '진행중',
  [OrderStatus.Completed]: '완료',
  [OrderStatus.Cancelled]: '취소',
};
