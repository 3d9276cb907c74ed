import { ActionIcon, Checkbox, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { formatDateTime } from '@vendaval/core/format';
import type { Notification } from '@vendaval/core/schemas/notifications';

type Props = {
  notification: Notification;
  selected: boolean;
  onSelect: (selected: boolean) => void;
  onOpen: () => void;
  onDelete: () => void;
};

/** One line of the bell's list: unread ones in bold; the text opens it, the bin deletes it. */
export function NotificationItem({ notification, selected, onSelect, onOpen, onDelete }: Props) {
  const { title, body } = notification.data;
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" px="xs" py={6} data-testid="notification-item">
      <Checkbox
        mt={4}
        size="xs"
        checked={selected}
        onChange={(event) => onSelect(event.currentTarget.checked)}
        aria-label={`Selecionar ${title}`}
      />
      <UnstyledButton onClick={onOpen} style={{ flex: 1, minWidth: 0 }}>
        <Stack gap={0}>
          <Text size="sm" fw={notification.read ? 400 : 700} lineClamp={1}>
            {title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={2}>
            {body}
          </Text>
          <Text size="xs" c="dimmed">
            {formatDateTime(notification.created_at)}
          </Text>
        </Stack>
      </UnstyledButton>
      <ActionIcon variant="subtle" color="gray" size="sm" onClick={onDelete} aria-label={`Excluir ${title}`}>
        <IconTrash size={14} />
      </ActionIcon>
    </Group>
  );
}
