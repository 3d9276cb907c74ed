import { Badge, Button, Card, Center, Group, Loader, Stack, Switch, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconTrash } from '@tabler/icons-react';
import type { Automation } from '@vendaval/core/schemas/automations';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useDeleteAutomationMutation, useUpdateAutomationMutation } from '../api/use-automation-mutations.ts';

type Props = {
  workspaceId: number | null;
  automations: Automation[] | undefined;
  onOpen: (automation: Automation) => void;
};

/** Each automation with its live and draft state, its switch, and its way to the editor or out. */
export function AutomationList({ workspaceId, automations, onOpen }: Props) {
  const update = useUpdateAutomationMutation(workspaceId);
  const remove = useDeleteAutomationMutation(workspaceId);
  const confirmDelete = (automation: Automation) =>
    modals.openConfirmModal({
      title: 'Excluir automação',
      centered: true,
      children: (
        <Text size="sm">{`"${automation.name}", suas versões e seu histórico de execuções serão excluídos.`}</Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(automation.id, { onSuccess: () => showSuccessToast('Automação excluída.') }),
    });

  if (automations === undefined) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando automações" />
      </Center>
    );
  }
  if (automations.length === 0) {
    return (
      <Card withBorder radius="md">
        <Text c="dimmed" ta="center" py="lg">
          Nenhuma automação criada.
        </Text>
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {automations.map((automation) => (
        <Card key={automation.id} withBorder radius="md" padding="md" data-testid="automation-card">
          <Group justify="space-between" gap="sm" align="center">
            <Stack gap={4} style={{ flex: '1 1 200px', minWidth: 0 }}>
              <Text fw={600} style={{ wordBreak: 'break-word' }}>
                {automation.name}
              </Text>
              <Group gap="xs">
                {automation.live_version_number !== null && (
                  <Badge
                    color="green"
                    variant="light"
                  >{`Publicada v${automation.live_version_number}`}</Badge>
                )}
                <Badge color="gray" variant="light" aria-label={`Execuções de ${automation.name}`}>
                  {automation.run_count === 1 ? '1 execução' : `${automation.run_count} execuções`}
                </Badge>
                {automation.has_unpublished_changes && (
                  <Badge color="yellow" variant="light">
                    {automation.live_version_number === null ? 'Rascunho' : 'Rascunho com alterações'}
                  </Badge>
                )}
              </Group>
            </Stack>
            <Group gap="xs" wrap="nowrap">
              <Switch
                aria-label={`Ativar ${automation.name}`}
                label={automation.enabled ? 'Ligada' : 'Desligada'}
                checked={automation.enabled}
                onChange={(event) =>
                  update.mutate({ id: automation.id, input: { enabled: event.currentTarget.checked } })
                }
              />
              <Button
                size="xs"
                variant="default"
                leftSection={<IconEdit size={14} />}
                onClick={() => onOpen(automation)}
                aria-label={`Abrir ${automation.name}`}
              >
                Abrir
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => confirmDelete(automation)}
                aria-label={`Excluir ${automation.name}`}
              >
                <IconTrash size={14} />
              </Button>
            </Group>
          </Group>
        </Card>
      ))}
    </Stack>
  );
}
