import { Badge, type BadgeProps } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Vocabulary } from './vocabulary';

interface LabelBadgeProps<V extends string> extends Omit<BadgeProps, 'color'> {
  value: V;
  of: Vocabulary<V>;
  /** Words of its own (a count with the label); the value's label otherwise. */
  children?: ReactNode;
}

/** One value of a vocabulary as a badge: its words on its colour (black or white text, whichever reads). */
export function LabelBadge<V extends string>({ value, of, children, ...props }: LabelBadgeProps<V>) {
  const { label, color } = of.terms[value];
  return (
    <Badge color={color} variant="filled" autoContrast {...props}>
      {children ?? label}
    </Badge>
  );
}
