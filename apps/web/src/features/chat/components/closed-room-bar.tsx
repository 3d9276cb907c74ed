import { Button, Group } from '@mantine/core';
import { IconMessagePlus, IconRefresh, IconSwitchHorizontal } from '@tabler/icons-react';

type Props = {
  hasRoom: boolean;
  reopening: boolean;
  onReopen: () => void;
  onChangeChannel: () => void;
  onOpen: () => void;
};

/** A closed room offers 'Reabrir Sala' and 'Mudar Canal'; a card that never had one, 'Abrir Sala' (CHAT-027). */
export function ClosedRoomBar({ hasRoom, reopening, onReopen, onChangeChannel, onOpen }: Props) {
  if (!hasRoom) {
    return (
      <Group justify="center">
        <Button leftSection={<IconMessagePlus size={18} />} onClick={onOpen}>
          Abrir Sala
        </Button>
      </Group>
    );
  }
  return (
    <Group justify="center" gap="sm">
      <Button leftSection={<IconRefresh size={18} />} onClick={onReopen} loading={reopening}>
        Reabrir Sala
      </Button>
      <Button variant="light" leftSection={<IconSwitchHorizontal size={18} />} onClick={onChangeChannel}>
        Mudar Canal
      </Button>
    </Group>
  );
}
