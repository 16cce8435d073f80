export { AccessRecordsScreen } from './access-records-screen';
export { AccessReviewScreen } from './review-screen';
