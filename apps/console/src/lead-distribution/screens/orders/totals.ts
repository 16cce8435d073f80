import type { Order } from '../../api/orders';

/** An order's quantities over its regions: ordered (approved AS replacements included) and delivered. */
export const totals = (order: Order) => ({
  quantity: order.regionQuantities.reduce((sum, region) => sum + region.quantity, 0),
  delivered: order.regionQuantities.reduce((sum, region) => sum + region.delivered, 0),
});
