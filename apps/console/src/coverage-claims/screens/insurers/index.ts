export { InsurersScreen } from './insurers-screen';
