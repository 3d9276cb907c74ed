import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { copyToClipboard } from './copy-to-clipboard.ts';

type Props = {
  title: string;
  /** The secret to show; null closes the modal. */
  secret: string | null;
  /** How the receiving system uses it. */
  usage: string;
  testId: string;
  onClose: () => void;
};

/** A secret the server gives out once (a creation or a new key): shown with a copy button, never again. */
export function SecretOnceModal({ title, secret, usage, testId, onClose }: Props) {
  return (
    <Modal opened={secret !== null} onClose={onClose} title={title} centered size="lg">
      <Stack gap="sm">
        <Alert color="yellow" title="Guarde esta chave agora">
          Ela não será mostrada novamente. Se a perder, gere uma nova chave.
        </Alert>
        <Code block data-testid={testId} style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {secret}
        </Code>
        <Text size="sm" c="dimmed">
          {usage}
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
