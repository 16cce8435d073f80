export { ClaimDeliveriesScreen } from './claim-deliveries-screen';
