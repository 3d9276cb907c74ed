import { Button, Drawer, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDoorExit } from '@tabler/icons-react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { canCloseRoom } from '@vendaval/core/permissions';
import { useState } from 'react';
import type { CardChatProps } from '../../../lib/card-chat.ts';
import { useCurrentRole } from '../../../lib/current-workspace.ts';
import { closeOpportunityModalOf } from '../../../lib/opportunity-modal.ts';
import { useSession } from '../../../lib/session.ts';
import { TOAST_DURATION } from '../../../lib/toasts.ts';
import { useCloseDialogMutation } from '../api/use-close-dialog-mutation.ts';

const CLOSE_DELAY_MS = 1500;

type ConfirmProps = { opened: boolean; busy: boolean; onCancel: () => void; onConfirm: () => void };

/** The close-room confirmation half-modal, 'Aviso!' (opportunities.md §2.7). */
function CloseRoomConfirm({ opened, busy, onCancel, onConfirm }: ConfirmProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onCancel}
      position="bottom"
      size={200}
      title="Aviso!"
      zIndex={300}
      radius="md"
    >
      <Text size="sm">{MESSAGES.closeRoomConfirm}</Text>
      <Group justify="flex-end" mt="md" pb="sm">
        <Button variant="default" onClick={onCancel}>
          Cancelar
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          Fechar sala
        </Button>
      </Group>
    </Drawer>
  );
}

/** The header's room line: bot, 'Sala: #id | Status: Aberta/Fechada', and the close-room button. */
export function RoomStatus({ opportunity }: CardChatProps) {
  const role = useCurrentRole() ?? '';
  const { user } = useSession();
  const room = opportunity.dialogs[0];
  const close = useCloseDialogMutation(opportunity.id);
  const [confirming, setConfirming] = useState(false);
  if (!room) return null;
  const open = !room.closed_at;
  const mayClose = open && canCloseRoom(role, user?.id ?? 0, room.user_id);
  const confirm = () =>
    close.mutate(room.id, {
      onSuccess: () => {
        setConfirming(false);
        notifications.show({ color: 'green', ...TOASTS.roomClosed, autoClose: TOAST_DURATION.success });
        setTimeout(() => closeOpportunityModalOf(opportunity.id), CLOSE_DELAY_MS);
      },
    });
  return (
    <Group gap="xs" wrap="wrap">
      <Text size="xs" c="dimmed">
        {room.bot_name ?? 'Robô'} · Sala: #{room.id} | Status: {open ? 'Aberta' : 'Fechada'}
      </Text>
      {mayClose && (
        <Button
          size="compact-xs"
          variant="light"
          color="red"
          leftSection={<IconDoorExit size={14} />}
          onClick={() => setConfirming(true)}
        >
          Fechar sala
        </Button>
      )}
      <CloseRoomConfirm
        opened={confirming}
        busy={close.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={confirm}
      />
    </Group>
  );
}
