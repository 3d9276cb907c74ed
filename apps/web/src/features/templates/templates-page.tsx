import { Badge, Button, Center, Group, Loader, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconRefresh } from '@tabler/icons-react';
import { canManageTemplates } from '@vendaval/core/permissions';
import type { Bot } from '@vendaval/core/schemas/bots';
import { useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { useSyncTemplatesMutation } from '../../lib/use-sync-templates-mutation.ts';
import { useBotTemplatesQuery } from './api/use-bot-templates-query.ts';
import { useTemplateBotsQuery } from './api/use-template-bots-query.ts';
import { NewTemplateModal } from './components/new-template-modal.tsx';
import { TemplateCard } from './components/template-card.tsx';

function BotTemplates({ bot, canManage }: { bot: Bot; canManage: boolean }) {
  const { workspaceId } = useSession();
  const templates = useBotTemplatesQuery(bot.id);
  const sync = useSyncTemplatesMutation(workspaceId);
  const sandbox = bot.channel === 'sandbox';
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`Templates de ${bot.name}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start">
          <Stack gap={2}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {bot.name}
              </Title>
              <Badge variant="light" color={sandbox ? 'gray' : 'green'}>
                {sandbox ? 'Simulador' : 'WhatsApp Business'}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {sandbox
                ? 'Templates de demonstração do simulador.'
                : 'Templates da conta do WhatsApp Business, com a análise da Meta.'}
            </Text>
          </Stack>
          {canManage && (
            <Button
              variant="light"
              leftSection={<IconRefresh size={16} />}
              loading={sync.isPending}
              onClick={() =>
                sync.mutate(bot.id, {
                  onSuccess: (answer) => showSuccessToast(`${answer.data.length} templates sincronizados.`),
                })
              }
            >
              Sincronizar
            </Button>
          )}
        </Group>
        {!templates.data ? (
          <Center py="md">
            <Loader size="sm" />
          </Center>
        ) : templates.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum template. Use 'Sincronizar' para trazer os templates da conta.
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            {templates.data.map((template) => (
              <TemplateCard key={`${template.name}/${template.language}`} template={template} />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Paper>
  );
}

/** /templates (PLAT-053): every bot's message templates, their sync and new ones sent to Meta for review. */
export function TemplatesPage() {
  const role = useCurrentRole();
  const canManage = role !== null && canManageTemplates(role);
  const bots = useTemplateBotsQuery();
  const [creating, setCreating] = useState(false);
  const cloudBots = (bots.data ?? []).filter((bot) => bot.channel === 'whatsapp_cloud');
  return (
    <Stack p="md" gap="md" maw={1280} mx="auto" w="100%">
      <Group justify="space-between">
        <Title order={2}>Templates de mensagem</Title>
        {canManage && cloudBots.length > 0 && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            Novo template
          </Button>
        )}
      </Group>
      {canManage && bots.data && cloudBots.length === 0 && (
        <Text size="sm" c="dimmed">
          Para criar templates e enviá-los à Meta, conecte um funcionário digital do WhatsApp Business.
        </Text>
      )}
      {bots.data ? (
        bots.data.map((bot) => <BotTemplates key={bot.id} bot={bot} canManage={canManage} />)
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
      {creating && <NewTemplateModal bots={cloudBots} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
