import {
  Avatar,
  Badge,
  Divider,
  Drawer,
  Group,
  getDefaultZIndex,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { formatDate } from '@vendaval/core/format';
import type { Member } from '@vendaval/core/schemas/users';
import type { ReactNode } from 'react';
import { useRoleLabel } from '../../../lib/platform.ts';
import { useMemberQuery } from '../api/use-member-query.ts';
import { useTeamQuery } from '../api/use-team-query.ts';
import { useLastDefined } from '../hooks/use-last-defined.ts';
import { formatLastAccess } from './last-access.ts';
import { OperationalStatusBadge } from './operational-status-badge.tsx';
import { UserHistory } from './user-history.tsx';

type Props = {
  workspaceId: number;
  member: Member | null;
  /** Admin and managing roles see the member's history. */
  showHistory: boolean;
  fullScreen: boolean;
  actions?: ReactNode;
  onClose: () => void;
};

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2} miw={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <div style={{ overflowWrap: 'anywhere' }}>{children}</div>
    </Stack>
  );
}

export function UserDrawer({ workspaceId, member, showHistory, fullScreen, actions, onClose }: Props) {
  const shown = useLastDefined(member);
  const detail = useMemberQuery(workspaceId, member);
  const roleLabel = useRoleLabel();
  const data = (member && detail.data?.id === member.id ? detail.data : null) ?? shown;
  const managerId = data?.manager_id ?? null;
  const team = useTeamQuery(workspaceId, managerId !== null);
  const manager = team.data?.find((m) => m.id === managerId);

  return (
    <Drawer
      opened={member !== null}
      onClose={onClose}
      position="right"
      size={fullScreen ? '100%' : 'md'}
      title="Detalhes do usuário"
      // Below the modals its own menu opens (change role, status, removal), whatever their DOM order.
      zIndex={getDefaultZIndex('modal') - 1}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {data && (
        <Stack gap="lg">
          <Group gap="md" wrap="nowrap" align="flex-start" justify="space-between">
            <Group gap="md" wrap="nowrap" miw={0}>
              <Avatar name={data.name} color="initials" radius="xl" size={52} />
              <Stack gap={2} miw={0}>
                <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
                  {data.name}
                </Title>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {data.email}
                </Text>
              </Stack>
            </Group>
            {actions}
          </Group>

          <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
            <Field label="Função">
              <Badge variant="default" size="md" style={{ textTransform: 'none' }}>
                {roleLabel(data.role)}
              </Badge>
            </Field>
            <Field label="Status operacional">
              <OperationalStatusBadge status={data.operational_status} />
            </Field>
            <Field label="Usuário">
              <Text size="sm">{data.username}</Text>
            </Field>
            <Field label="No workspace desde">
              <Text size="sm">{formatDate(data.joined_at)}</Text>
            </Field>
            <Field label="Último acesso">
              <Text size="sm">{formatLastAccess(data.last_login_at)}</Text>
            </Field>
            <Field label="Gestor">
              <Text size="sm">{managerId === null ? 'Ninguém' : (manager?.name ?? '…')}</Text>
            </Field>
          </SimpleGrid>

          {showHistory && (
            <>
              <Divider />
              <Stack gap="sm">
                <Title order={3} size="h5">
                  Histórico
                </Title>
                <UserHistory workspaceId={workspaceId} userId={data.id} />
              </Stack>
            </>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
