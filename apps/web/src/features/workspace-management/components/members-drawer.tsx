import {
  ActionIcon,
  Avatar,
  Badge,
  Button,
  Center,
  Drawer,
  Group,
  Loader,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { IconUserMinus, IconUserPlus } from '@tabler/icons-react';
import { selectableRoles } from '@vendaval/core/permissions';
import type { Member } from '@vendaval/core/schemas/users';
import type { Workspace } from '@vendaval/core/schemas/workspaces';
import { type FormEvent, useState } from 'react';
import { useRoleLabel } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { confirmMemberRemoval } from '../../../ui/confirm-member-removal.tsx';
import { useIsMobile } from '../../../ui/responsive.ts';
import { useAddMemberMutation, useRemoveMemberMutation } from '../api/use-membership-mutations.ts';
import { useWorkspaceMembersQuery } from '../api/use-workspace-members-query.ts';

type Props = { workspace: Workspace | null; onClose: () => void };

export function MembersDrawer({ workspace, onClose }: Props) {
  const mobile = useIsMobile();
  return (
    <Drawer
      opened={workspace !== null}
      onClose={onClose}
      position="right"
      size={mobile ? '100%' : 'md'}
      title={workspace ? `Membros de ${workspace.name}` : 'Membros'}
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {workspace && <Members key={workspace.id} workspace={workspace} />}
    </Drawer>
  );
}

function Members({ workspace }: { workspace: Workspace }) {
  const { user } = useSession();
  const roleLabel = useRoleLabel();
  const members = useWorkspaceMembersQuery(workspace.id);
  const remove = useRemoveMemberMutation(workspace.id);

  const confirmRemoval = (member: Member) =>
    confirmMemberRemoval(member, workspace.name, () =>
      remove.mutate(member.id, { onSuccess: (answer) => showSuccessToast(answer.message) }),
    );

  return (
    <Stack gap="lg">
      <AddMemberForm workspace={workspace} />
      <Stack gap="xs">
        <Title order={3} size="h5">
          {members.data ? `${members.data.pagination.total_count} membros` : 'Membros'}
        </Title>
        {members.isPending ? (
          <Center py="md">
            <Loader size="sm" aria-label="Carregando membros" />
          </Center>
        ) : (
          <Stack gap={0} role="list" aria-label="Membros do workspace">
            {(members.data?.data ?? []).map((member) => (
              <Group
                key={member.id}
                role="listitem"
                justify="space-between"
                wrap="nowrap"
                py="xs"
                style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
              >
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Avatar name={member.name} color="initials" radius="xl" size={36} />
                  <Stack gap={0} miw={0}>
                    <Text size="sm" fw={600} truncate>
                      {member.name}
                    </Text>
                    <Text size="xs" c="dimmed" truncate>
                      {member.email}
                    </Text>
                  </Stack>
                </Group>
                <Group gap="xs" wrap="nowrap">
                  <Badge variant="default" style={{ textTransform: 'none' }}>
                    {roleLabel(member.role)}
                  </Badge>
                  {member.id !== user?.id && (
                    <Tooltip label="Remover do workspace" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remover ${member.name}`}
                        onClick={() => confirmRemoval(member)}
                      >
                        <IconUserMinus size={18} />
                      </ActionIcon>
                    </Tooltip>
                  )}
                </Group>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Stack>
  );
}

/** Adds someone who already has an account on this platform; new people are invited from /users. */
function AddMemberForm({ workspace }: { workspace: Workspace }) {
  const roleLabel = useRoleLabel();
  const add = useAddMemberMutation(workspace.id);
  const [login, setLogin] = useState('');
  const [role, setRole] = useState<string | null>('salesRep');
  const [error, setError] = useState<string | null>(null);
  const roles = selectableRoles(workspace.role).map((id) => ({ value: id, label: roleLabel(id) }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!login.trim() || !role) return setError('Informe o e-mail ou usuário e a função.');
    setError(null);
    add.mutate(
      { login: login.trim(), role },
      {
        onSuccess: (member) => {
          showSuccessToast(`${member.name} agora faz parte do workspace.`);
          setLogin('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Adicionar membro">
      <Stack gap="sm">
        <TextInput
          label="E-mail ou usuário"
          description="Uma pessoa que já tem conta na plataforma."
          value={login}
          onChange={(event) => setLogin(event.currentTarget.value)}
          error={error}
        />
        <Select
          label="Função"
          data={roles}
          value={role}
          onChange={setRole}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Button type="submit" leftSection={<IconUserPlus size={18} />} loading={add.isPending}>
          Adicionar membro
        </Button>
      </Stack>
    </form>
  );
}
