import { Text, ThemeIcon } from '@mantine/core';
import { IconPaperclip } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import classes from './chat.module.css';

/** Shown while files are dragged over the chat (CHAT-029, CHAT-030). */
export function DropOverlay() {
  return (
    <div className={classes.dropOverlay} data-testid="drop-overlay">
      <ThemeIcon size={48} radius="xl" variant="light">
        <IconPaperclip size={26} />
      </ThemeIcon>
      <Text fw={600}>{MESSAGES.dropFiles}</Text>
      <Text size="sm" c="dimmed">
        {MESSAGES.dropFilesHint}
      </Text>
    </div>
  );
}
