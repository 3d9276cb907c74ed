import { Button, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconTrophy } from '@tabler/icons-react';
import { useTerms } from '../../../lib/platform.ts';

export const WON_TITLE = 'Parabéns pela oportunidade ganha!';

export function WonModal({ opened, onClose, name }: { opened: boolean; onClose: () => void; name: string }) {
  const terms = useTerms();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={WON_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={64} radius="xl" color="green" variant="light">
          <IconTrophy size={36} />
        </ThemeIcon>
        <Text>
          <b>{name}</b> foi marcada como <b>{terms.won_term}</b>.
        </Text>
        <Button onClick={onClose} fullWidth>
          Continuar
        </Button>
      </Stack>
    </Modal>
  );
}
