import { Button, Card, Flex, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconSearch, IconUserPlus } from '@tabler/icons-react';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';
import { canManageMembers, canSeeAllUsers, selectableRoles } from '@vendaval/core/permissions';
import type { Member } from '@vendaval/core/schemas/users';
import { useState } from 'react';
import { useOpenBoardForUser } from '../../lib/board-entry.ts';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useRoleLabel } from '../../lib/platform.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { confirmMemberRemoval } from '../../ui/confirm-member-removal.tsx';
import { ListCard } from '../../ui/list-card/list-card.tsx';
import { PageFooter } from '../../ui/page-footer.tsx';
import { useMembersQuery } from './api/use-members-query.ts';
import { useRemoveMemberMutation } from './api/use-remove-member-mutation.ts';
import { ChangeRoleModal } from './components/change-role-modal.tsx';
import { InviteUserModal } from './components/invite-user-modal.tsx';
import { ManagerModal } from './components/manager-modal.tsx';
import { type MemberAction, MemberActions } from './components/member-actions.tsx';
import { MemberCards } from './components/member-cards.tsx';
import { MembersTable } from './components/members-table.tsx';
import { OperationalStatusModal } from './components/operational-status-modal.tsx';
import { UserDrawer } from './components/user-drawer.tsx';

const SEARCH_DEBOUNCE_MS = 300;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

type Dialog = { kind: 'role' | 'status' | 'manager'; member: Member } | { kind: 'invite' } | null;

export function UsersPage() {
  const membership = useCurrentWorkspace();
  if (!membership) {
    return (
      <Stack gap="lg" maw={1200}>
        <Title order={1} size="h2">
          Usuários
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Text>Você ainda não participa de nenhum workspace.</Text>
        </Card>
      </Stack>
    );
  }
  // A new workspace starts from a clean screen: no filters, dialogs or drawer of the previous one.
  return <WorkspaceUsers key={membership.id} workspace={membership} />;
}

function WorkspaceUsers({ workspace }: { workspace: { id: number; name: string; role: string } }) {
  const { user } = useSession();
  const roleLabel = useRoleLabel();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const canManage = canManageMembers(workspace.role);
  const canSeeAll = canSeeAllUsers(workspace.role);
  const openBoardFor = useOpenBoardForUser();

  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const [role, setRole] = useState<string | null>(null);
  // The page belongs to one search and filter; a new one starts again at page 1.
  const filterKey = JSON.stringify([debouncedSearch.trim(), role]);
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;

  const [dialog, setDialog] = useState<Dialog>(null);
  const [opened, setOpened] = useState<Member | null>(null);

  const list = useMembersQuery(workspace.id, { search: debouncedSearch, role, page });
  const remove = useRemoveMemberMutation(workspace.id);

  const total = list.data?.pagination.total_count ?? 0;
  const members = list.data?.data ?? [];

  const roleOptions = selectableRoles(workspace.role).map((id) => ({ value: id, label: roleLabel(id) }));

  const confirmRemoval = (member: Member) =>
    confirmMemberRemoval(member, workspace.name, () =>
      remove.mutate(member.id, {
        onSuccess: (answer) => {
          showSuccessToast(answer.message);
          setOpened((current) => (current?.id === member.id ? null : current));
        },
      }),
    );

  const act = (action: MemberAction, member: Member) => {
    if (action === 'details') setOpened(member);
    else if (action === 'remove') confirmRemoval(member);
    else if (action === 'opportunities') openBoardFor(member.id);
    else setDialog({ kind: action, member });
  };

  const actionsFor = (member: Member, withDetails = true) => (
    <MemberActions
      member={member}
      canManage={canManage}
      canSeeAll={canSeeAll}
      isSelf={member.id === user?.id}
      withDetails={withDetails}
      onAction={act}
    />
  );

  const View = mobile ? MemberCards : MembersTable;

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Stack gap={2} miw={0}>
          <Title order={1} size="h2">
            Usuários
          </Title>
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            Membros de {workspace.name}
          </Text>
        </Stack>
        {canManage && (
          <Button leftSection={<IconUserPlus size={18} />} onClick={() => setDialog({ kind: 'invite' })}>
            Convidar usuário
          </Button>
        )}
      </Group>

      <Flex gap="sm" direction={{ base: 'column', xs: 'row' }} align={{ base: 'stretch', xs: 'flex-end' }}>
        <TextInput
          label="Buscar"
          placeholder="Nome ou e-mail"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          type="search"
          style={{ flex: 1, maxWidth: mobile ? undefined : 420 }}
        />
        <Select
          label="Função"
          placeholder="Todas as funções"
          data={roleOptions}
          value={role}
          onChange={setRole}
          clearable
          comboboxProps={{ withinPortal: true }}
          w={mobile ? undefined : 240}
        />
      </Flex>

      <ListCard
        compact={mobile}
        pending={list.isPending}
        empty={members.length === 0}
        loadingLabel="Carregando usuários"
        emptyText="Nenhum usuário encontrado."
      >
        <View
          members={members}
          selfId={user?.id}
          roleLabel={roleLabel}
          onOpen={setOpened}
          renderActions={(member) => actionsFor(member)}
        />
      </ListCard>

      <PageFooter
        page={page}
        total={total}
        noun={['usuário', 'usuários']}
        compact={mobile}
        onPage={(next) => setPaging({ filterKey, page: next })}
      />

      {canManage && (
        <InviteUserModal
          workspaceId={workspace.id}
          workspaceName={workspace.name}
          opened={dialog?.kind === 'invite'}
          onClose={() => setDialog(null)}
        />
      )}
      <ChangeRoleModal
        workspaceId={workspace.id}
        member={dialog?.kind === 'role' ? dialog.member : null}
        onClose={() => setDialog(null)}
      />
      <ManagerModal
        workspaceId={workspace.id}
        member={dialog?.kind === 'manager' ? dialog.member : null}
        onClose={() => setDialog(null)}
      />
      <OperationalStatusModal
        workspaceId={workspace.id}
        member={dialog?.kind === 'status' ? dialog.member : null}
        isSelf={dialog?.kind === 'status' && dialog.member.id === user?.id}
        onClose={() => setDialog(null)}
      />
      <UserDrawer
        workspaceId={workspace.id}
        member={opened}
        showHistory={canSeeAll}
        fullScreen={mobile}
        actions={opened ? actionsFor(opened, false) : undefined}
        onClose={() => setOpened(null)}
      />
    </Stack>
  );
}
