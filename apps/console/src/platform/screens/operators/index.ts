export { OperatorsScreen } from './operators-screen';
