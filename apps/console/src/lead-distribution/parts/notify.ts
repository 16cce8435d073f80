import { notifications } from '@mantine/notifications';

/** A short confirmation that something was saved; its close button is named (axe's button-name). */
export function notifySaved(message: string): void {
  notifications.show({ color: 'green', message, closeButtonProps: { 'aria-label': '알림 닫기' } });
}
