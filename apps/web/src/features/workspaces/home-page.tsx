import { Badge, Card, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useRoleLabel } from '../../lib/platform.ts';
import { useSession } from '../../lib/session.ts';
import { useWorkspaceQuery } from './api/use-workspace-query.ts';

export function HomePage() {
  const { user } = useSession();
  const membership = useCurrentWorkspace();
  const workspace = useWorkspaceQuery(membership?.id ?? null);
  const roleLabel = useRoleLabel();
  const firstName = user?.name.split(' ')[0] ?? '';

  return (
    <Stack gap="lg" maw={960}>
      <Title order={1} size="h2">
        {firstName ? `Olá, ${firstName}!` : 'Olá!'}
      </Title>
      {membership ? (
        <Card withBorder padding="lg" radius="md">
          <Group wrap="nowrap" align="flex-start" gap="md">
            <ThemeIcon size={48} radius="md" variant="light">
              <IconBuildingStore size={26} stroke={1.6} />
            </ThemeIcon>
            <Stack gap={4} miw={0}>
              <Text size="sm" c="dimmed">
                Workspace atual
              </Text>
              <Title order={2} size="h3" style={{ overflowWrap: 'anywhere' }}>
                {workspace.data?.name ?? membership.name}
              </Title>
              <Group gap="xs">
                <Text size="sm">Sua função:</Text>
                <Badge variant="light">{roleLabel(workspace.data?.role ?? membership.role)}</Badge>
              </Group>
            </Stack>
          </Group>
        </Card>
      ) : (
        <Card withBorder padding="lg" radius="md">
          <Text>
            Você ainda não participa de nenhum workspace. Peça a um administrador que envie um convite para
            você.
          </Text>
        </Card>
      )}
    </Stack>
  );
}
