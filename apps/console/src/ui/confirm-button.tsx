import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';
import { useAction } from './use-action';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'variant'> {
  /** Filled (default), outline or default: never light, whose red 9 has no readable text. */
  variant?: 'filled' | 'outline' | 'default';
  /** The button's text, and the confirm dialog's title. */
  label: string;
  /** What will happen, said in the dialog. */
  message: ReactNode;
  /** The dialog's confirm button (default: the label). */
  confirmLabel?: string;
  /** Runs on confirm; the dialog stays open with the problem if it throws. */
  onConfirm: () => Promise<unknown>;
}

/**
 * A destructive or irreversible action: asks in a modal first, shows the API's refusal there.
 */
export function ConfirmButton({ label, message, confirmLabel, onConfirm, color = 'red.9', ...props }: ConfirmButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  const { run, busy, error } = useAction();

  const confirm = async () => {
    if (await run(onConfirm)) close();
  };

  return (
    <>
      <Button color={color} {...props} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={close} title={label} centered>
        <Stack>
          <Text>{message}</Text>
          <ProblemAlert error={error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              취소
            </Button>
            <Button color={color} onClick={() => void confirm()} loading={busy}>
              {confirmLabel ?? label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
