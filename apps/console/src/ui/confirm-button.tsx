import { Button, Group, Modal, Stack, Text, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ProblemAlert } from './problem-alert';

interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick' | 'variant'> {
  /** Filled (default), outline or default: never light, whose red 9 has no readable text. */
  variant?: 'filled' | 'outline' | 'default';
  /** The button's text, and the confirm dialog's title. */
  label: string;
  /** What will happen, said in the dialog. */
  message: ReactNode;
  /** The dialog's confirm button (default: the label). */
  confirmLabel?: string;
  /** Runs on confirm; the dialog closes when it resolves, and stays open with the refusal when it throws. */
  onConfirm: () => Promise<unknown>;
}

/**
 * A destructive or irreversible action: asks in a modal first, shows the API's refusal there.
 */
export function ConfirmButton({ label, message, confirmLabel, onConfirm, color = 'red.9', ...props }: ConfirmButtonProps) {
  const [opened, { open, close }] = useDisclosure(false);
  // The change itself (a mutation of the screen's api/) invalidates what it touched; here only its state.
  const confirmed = useMutation({ mutationFn: onConfirm, onSuccess: close });
  const dismiss = () => {
    close();
    confirmed.reset();
  };

  return (
    <>
      <Button color={color} {...props} onClick={open}>
        {label}
      </Button>
      <Modal opened={opened} onClose={dismiss} title={label} centered>
        <Stack>
          <Text>{message}</Text>
          <ProblemAlert error={confirmed.error} />
          <Group justify="flex-end">
            <Button variant="default" onClick={dismiss} disabled={confirmed.isPending}>
              취소
            </Button>
            <Button color={color} onClick={() => confirmed.mutate()} loading={confirmed.isPending}>
              {confirmLabel ?? label}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
