import { Badge, Button, Card, Center, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPencil, IconPlus, IconUsers } from '@tabler/icons-react';
import { formatDate } from '@vendaval/core/format';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { useState } from 'react';
import { useManagedWorkspacesQuery } from '../api/use-managed-workspaces-query.ts';
import { MembersDrawer } from './members-drawer.tsx';
import { WorkspaceFormModal } from './workspace-form-modal.tsx';

type Editing = { workspace: Workspace | null } | null;

export function WorkspacesTab() {
  const workspaces = useManagedWorkspacesQuery();
  const [editing, setEditing] = useState<Editing>(null);
  const [members, setMembers] = useState<Workspace | null>(null);

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed">
          Workspaces em que você é administrador.
        </Text>
        <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ workspace: null })}>
          Novo workspace
        </Button>
      </Group>
      {workspaces.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando workspaces" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(workspaces.data ?? []).map((workspace) => (
            <Card key={workspace.id} withBorder radius="md" padding="lg" aria-label={workspace.name}>
              <Stack gap="sm" h="100%" justify="space-between">
                <Stack gap={4}>
                  <Text fw={600} size="lg" style={{ overflowWrap: 'anywhere' }}>
                    {workspace.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Criado em {formatDate(workspace.created_at)}
                  </Text>
                  <Group gap={6} mt={4}>
                    <Badge variant="light" style={{ textTransform: 'none' }}>
                      {workspace.settings.require_task_for_stage_change
                        ? 'Tarefa exigida para mudar de etapa'
                        : 'Etapa muda sem tarefa'}
                    </Badge>
                  </Group>
                </Stack>
                <Group gap="xs" grow>
                  <Button
                    variant="default"
                    leftSection={<IconPencil size={16} />}
                    onClick={() => setEditing({ workspace })}
                  >
                    Editar
                  </Button>
                  <Button
                    variant="light"
                    leftSection={<IconUsers size={16} />}
                    onClick={() => setMembers(workspace)}
                  >
                    Membros
                  </Button>
                </Group>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      <WorkspaceFormModal editing={editing} onClose={() => setEditing(null)} />
      <MembersDrawer workspace={members} onClose={() => setMembers(null)} />
    </Stack>
  );
}
