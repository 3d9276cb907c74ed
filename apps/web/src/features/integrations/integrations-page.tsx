import { ActionIcon, Anchor, Card, Code, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import { API_BASE } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { copyToClipboard } from '../../ui/copy/copy-to-clipboard.ts';
import { ApiClientsPanel } from './components/api-clients-panel.tsx';

const DOCS_URL = '/api/docs';

/** /integrations: what another system needs to call the API of this workspace — its address, tokens and docs. */
export function IntegrationsPage() {
  const { workspaceId } = useSession();
  const baseUrl = new URL(API_BASE, window.location.origin).href.replace(/\/$/, '');
  return (
    <Stack p="md" gap="lg" maw={960} mx="auto" w="100%">
      <Title order={2}>Integrar</Title>
      <Card withBorder radius="md" padding="md">
        <Stack gap="xs">
          <Text fw={600}>Endereço da API</Text>
          <Group gap="xs" wrap="nowrap">
            <Code data-testid="api-base-url" style={{ wordBreak: 'break-all', flex: 1 }}>
              {baseUrl}
            </Code>
            <Tooltip label="Copiar endereço">
              <ActionIcon
                variant="default"
                aria-label="Copiar endereço"
                onClick={() => void copyToClipboard(baseUrl)}
              >
                <IconCopy size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="sm" c="dimmed" style={{ wordBreak: 'break-all' }}>
            As rotas deste workspace ficam em {baseUrl}/workspaces/{workspaceId}/…
          </Text>
          <Group gap="lg" mt="xs">
            <Anchor href={DOCS_URL} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                Documentação da API <IconExternalLink size={14} />
              </Group>
            </Anchor>
            <Anchor href={`${DOCS_URL}/json`} target="_blank" rel="noopener" size="sm">
              <Group gap={4} component="span">
                Documento OpenAPI (JSON) <IconExternalLink size={14} />
              </Group>
            </Anchor>
          </Group>
        </Stack>
      </Card>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Tokens de integração
        </Title>
        {workspaceId !== null && <ApiClientsPanel workspaceId={workspaceId} />}
      </Stack>
    </Stack>
  );
}
