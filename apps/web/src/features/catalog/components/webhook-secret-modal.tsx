import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';

type Props = { secret: string | null; onClose: () => void };

/** The signing secret, the one time the server gives it out (creation or rotation). */
export function WebhookSecretModal({ secret, onClose }: Props) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title="Chave de assinatura" centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" title="Guarde esta chave agora">
          Ela não será mostrada novamente. Se a perder, gere uma nova chave.
        </Alert>
        <Code block data-testid="webhook-secret" style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          Cada envio traz o cabeçalho X-Vendaval-Signature no formato t=…,v1=…: v1 é o HMAC-SHA256, com esta
          chave, de t, um ponto e o corpo recebido.
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
