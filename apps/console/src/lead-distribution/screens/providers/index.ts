export { ProvidersScreen } from './providers-screen';
