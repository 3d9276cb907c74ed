import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  type PopoverProps,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell, IconSettings } from '@tabler/icons-react';
import { useState } from 'react';
import { useBatchDeleteNotificationsMutation } from '../api/use-batch-delete-notifications-mutation.ts';
import { useClearNotificationsMutation } from '../api/use-clear-notifications-mutation.ts';
import { useDeleteNotificationMutation } from '../api/use-delete-notification-mutation.ts';
import { useNotificationsQuery } from '../api/use-notifications-query.ts';
import { useOpenNotification } from '../use-open-notification.ts';
import { NotificationItem } from './notification-item.tsx';
import { NotificationSettingsModal } from './notification-settings-modal.tsx';

type Props = { color?: string; position?: PopoverProps['position'] };

/** The bell: the unread count, kept live by the stream (see useLiveNotifications), and the list behind it. */
export function NotificationBell({ color, position = 'bottom-end' }: Props) {
  const [opened, setOpened] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const page = useNotificationsQuery().data;
  const open = useOpenNotification();
  const remove = useDeleteNotificationMutation();
  const removeMany = useBatchDeleteNotificationsMutation();
  const clear = useClearNotificationsMutation();
  const unread = page?.unread_count ?? 0;
  const items = page?.data ?? [];

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const deleteSelected = () => removeMany.mutate([...selected], { onSuccess: () => setSelected(new Set()) });

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position={position} width={360} shadow="md" withinPortal>
        <Popover.Target>
          <Indicator
            label={unread > 99 ? '99+' : unread}
            size={18}
            disabled={unread === 0}
            color="red"
            offset={4}
          >
            <ActionIcon
              variant="subtle"
              size="lg"
              radius="xl"
              color={color ?? 'gray'}
              onClick={() => setOpened((o) => !o)}
              aria-label={unread > 0 ? `Notificações: ${unread} não lidas` : 'Notificações'}
              data-testid="notification-bell"
            >
              <IconBell size={22} stroke={1.6} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p={0} maw="calc(100vw - 16px)" data-testid="notification-list">
          <Group justify="space-between" px="sm" py="xs">
            <Text fw={600}>Notificações</Text>
            <ActionIcon
              variant="subtle"
              color="gray"
              onClick={() => setSettingsOpened(true)}
              aria-label="Configurar notificações"
            >
              <IconSettings size={18} />
            </ActionIcon>
          </Group>
          <Divider />
          {items.length === 0 ? (
            <Text size="sm" c="dimmed" ta="center" py="lg">
              Nenhuma notificação.
            </Text>
          ) : (
            <ScrollArea.Autosize mah={360}>
              <Stack gap={0}>
                {items.map((n) => (
                  <NotificationItem
                    key={n.id}
                    notification={n}
                    selected={selected.has(n.id)}
                    onSelect={(on) => toggle(n.id, on)}
                    onOpen={() => {
                      setOpened(false);
                      void open(n);
                    }}
                    onDelete={() => remove.mutate(n.id)}
                  />
                ))}
              </Stack>
            </ScrollArea.Autosize>
          )}
          <Divider />
          <Group justify="flex-end" gap="xs" p="xs">
            <Button
              size="xs"
              variant="default"
              disabled={selected.size === 0}
              loading={removeMany.isPending}
              onClick={deleteSelected}
            >
              Excluir selecionadas
            </Button>
            <Button
              size="xs"
              variant="light"
              color="red"
              disabled={items.length === 0}
              loading={clear.isPending}
              onClick={() => clear.mutate(undefined, { onSuccess: () => setSelected(new Set()) })}
            >
              Limpar tudo
            </Button>
          </Group>
        </Popover.Dropdown>
      </Popover>
      <NotificationSettingsModal opened={settingsOpened} onClose={() => setSettingsOpened(false)} />
    </>
  );
}
