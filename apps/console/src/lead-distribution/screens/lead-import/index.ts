export { LeadImportScreen } from './lead-import-screen';
