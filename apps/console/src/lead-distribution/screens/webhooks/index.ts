export { WebhooksScreen } from './webhooks-screen';
