import { Box } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A wide table on a narrow screen (a tablet) scrolls sideways inside this region, which the keyboard
 * can reach (tab to it, then the arrow keys) and which is named for screen readers.
 */
export function ScrollRegion({ label, minWidth = 640, children }: { label: string; minWidth?: number; children: ReactNode }) {
  return (
    <Box role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <Box miw={minWidth}>{children}</Box>
    </Box>
  );
}
