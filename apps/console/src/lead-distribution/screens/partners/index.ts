export { PartnersScreen } from './partners-screen';
