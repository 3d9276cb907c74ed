import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';

type Props = { secret: string | null; onClose: () => void };

/** The integration's secret, the one time the server gives it out (creation or a new key). */
export function ApiClientSecretModal({ secret, onClose }: Props) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Chave da integração" centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" title="Copie esta chave agora">
          Ela não será mostrada novamente. Se a perder, gere uma nova chave.
        </Alert>
        <Code
          block
          data-testid="api-client-secret"
          style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Envie a chave em cada chamada, no cabeçalho Authorization: Bearer seguido da chave.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => secret && void copyToClipboard(secret)}>
            Copiar
          </Button>
          <Button onClick={onClose}>Fechar</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
