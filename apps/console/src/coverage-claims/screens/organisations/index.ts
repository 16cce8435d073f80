export { OrganisationsScreen } from './organisations-screen';
