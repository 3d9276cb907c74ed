import { Badge, Button, Card, Center, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { formatDateTime } from '@vendaval/core/format';
import type { Automation, AutomationDefinition, AutomationVersion } from '@vendaval/core/schemas/automations';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useMakeVersionLiveMutation } from '../api/use-automation-mutations.ts';
import { describeChanges } from '../automation-diff.ts';

type Props = {
  workspaceId: number | null;
  automation: Automation;
  versions: AutomationVersion[] | undefined;
  draft: AutomationDefinition;
};

/** The published versions, newest first, the live one marked; what the draft changes; an older one made live again. */
export function VersionsPanel({ workspaceId, automation, versions, draft }: Props) {
  const makeLive = useMakeVersionLiveMutation(workspaceId);
  const live = versions?.find((version) => version.is_live) ?? null;
  const changes = describeChanges(live?.definition ?? null, draft);

  const confirm = (version: AutomationVersion) =>
    modals.openConfirmModal({
      title: `Voltar para a v${version.number}`,
      centered: true,
      children: (
        <Text size="sm">
          {`As próximas execuções usarão a v${version.number}. As que já começaram terminam na versão em que estão.`}
        </Text>
      ),
      labels: { confirm: 'Tornar publicada', cancel: 'Cancelar' },
      onConfirm: () =>
        makeLive.mutate(
          { id: automation.id, versionId: version.id },
          { onSuccess: () => showSuccessToast(`A v${version.number} está publicada.`) },
        ),
    });

  return (
    <Stack gap="md">
      <Card withBorder radius="md" padding="md">
        <Title order={4} mb="xs">
          {live ? `Rascunho comparado à versão publicada (v${live.number})` : 'Rascunho'}
        </Title>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            Sem alterações em relação à versão publicada.
          </Text>
        ) : (
          <List size="sm" data-testid="automation-diff">
            {changes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
      </Card>
      {versions === undefined ? (
        <Center py="md">
          <Loader aria-label="Carregando versões" />
        </Center>
      ) : versions.length === 0 ? (
        <Text c="dimmed" size="sm">
          Nenhuma versão publicada ainda.
        </Text>
      ) : (
        versions.map((version) => (
          <Card key={version.id} withBorder radius="md" padding="sm" data-testid="automation-version">
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{`v${version.number}`}</Text>
                  {version.is_live && (
                    <Badge color="green" variant="light">
                      Publicada
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {`${formatDateTime(version.published_at)}${version.published_by ? ` · ${version.published_by.name}` : ''}`}
                </Text>
              </Stack>
              {!version.is_live && (
                <Button
                  size="xs"
                  variant="light"
                  loading={makeLive.isPending}
                  onClick={() => confirm(version)}
                >
                  Tornar publicada
                </Button>
              )}
            </Group>
          </Card>
        ))
      )}
    </Stack>
  );
}
