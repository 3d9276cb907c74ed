import { ActionIcon, Code, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { apiUrl } from '../../../lib/http.ts';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';

/** The callback URL of a Cloud API bot, to paste into the Meta app's WhatsApp webhook settings. */
export function webhookUrlOf(botId: number): string {
  return new URL(apiUrl(`/channels/whatsapp/${botId}/webhook`), window.location.origin).href;
}

export function WebhookUrl({ botId }: { botId: number }) {
  const url = webhookUrlOf(botId);
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        URL do webhook (cole no app da Meta)
      </Text>
      <Group gap="xs" wrap="nowrap" align="center">
        <Code
          data-testid="webhook-url"
          style={{ flex: 1, minWidth: 0, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}
        >
          {url}
        </Code>
        <Tooltip label="Copiar URL">
          <ActionIcon
            variant="light"
            aria-label="Copiar URL do webhook"
            onClick={() => void copyToClipboard(url)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
      <Text size="xs" c="dimmed">
        Use o mesmo token de verificação informado aqui e assine o campo "messages".
      </Text>
    </Stack>
  );
}
