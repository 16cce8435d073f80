export { MyAccountScreen } from './my-account-screen';
