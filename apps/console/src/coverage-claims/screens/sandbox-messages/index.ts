export { SandboxMessagesScreen } from './sandbox-messages-screen';
