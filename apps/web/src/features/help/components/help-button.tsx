import { ActionIcon, Tooltip } from '@mantine/core';
import { IconHelpCircle } from '@tabler/icons-react';

/** Opens the FAQ video modal of the screen in view. */
export function HelpButton({ onClick, color }: { onClick: () => void; color?: string }) {
  return (
    <Tooltip label="Ajuda" withArrow>
      <ActionIcon variant="subtle" size="lg" color={color} aria-label="Ajuda" onClick={onClick}>
        <IconHelpCircle size={22} />
      </ActionIcon>
    </Tooltip>
  );
}
