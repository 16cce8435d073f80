export { AsReviewQueueScreen } from './queue-screen';
export { AsReviewRequestScreen } from './request-screen';
