import {
  Avatar,
  Button,
  Group,
  Loader,
  Modal,
  ScrollArea,
  Stack,
  Tabs,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { shouldSearchUsers } from '@vendaval/core/constants';
import { canPickUserOfRole, collaboratorRoles } from '@vendaval/core/permissions';
import type { Member } from '@vendaval/core/schemas/users';
import { useEffect, useState } from 'react';
import { useCurrentRole } from '../../lib/current-workspace.ts';
import { usePlatform, useRoleLabel } from '../../lib/platform.ts';
import { useSession } from '../../lib/session.ts';
import { USER_SEARCH_DEBOUNCE_MS } from '../search-debounce.ts';
import classes from '../stage-picker/stage-picker.module.css';
import { usePickerMembersQuery } from './use-picker-members-query.ts';

export const USER_PICKER_TITLE = 'Selecionar Colaborador';

type Tab = 'main' | 'others';

/** 1 or 2 characters keep the previous search; 0 lists everyone (opportunities.md §5). */
function useAppliedSearch(text: string): string {
  const [debounced] = useDebouncedValue(text.trim(), USER_SEARCH_DEBOUNCE_MS);
  const [applied, setApplied] = useState('');
  useEffect(() => {
    if (shouldSearchUsers(debounced)) setApplied(debounced);
  }, [debounced]);
  return applied;
}

function useVisibleMembers(workspaceId: number | null, tab: Tab, search: string) {
  const main = usePlatform().flags.main_collaborator;
  const viewer = useCurrentRole() ?? '';
  const query = usePickerMembersQuery(workspaceId, { search, role: tab === 'main' ? main : undefined });
  const allowed = collaboratorRoles(viewer, main) as string[];
  const members = (query.data ?? []).filter((m) =>
    tab === 'main' ? m.role === main : allowed.includes(m.role) && canPickUserOfRole(viewer, m.role),
  );
  return { members, loading: query.isFetching };
}

function MemberRow({ member, onPick }: { member: Member; onPick: () => void }) {
  const roleLabel = useRoleLabel();
  return (
    <UnstyledButton className={classes.row} onClick={onPick} aria-label={member.name}>
      <Group gap="sm" wrap="nowrap">
        <Avatar size="sm" radius="xl" name={member.name} color="initials" />
        <div>
          <Text size="sm" fw={500}>
            {member.name}
          </Text>
          <Text size="xs" c="dimmed">
            {roleLabel(member.role)}
          </Text>
        </div>
      </Group>
    </UnstyledButton>
  );
}

/** 'Nenhum {term} ativo nesse Workspace.' with its hint, or the same for a search (chat.md §2). */
function EmptyMembers({ term, search }: { term: string; search: string }) {
  if (search) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md">
        Nenhum {term} encontrado para essa busca.
      </Text>
    );
  }
  return (
    <Stack gap={2} py="md" ta="center">
      <Text size="sm" c="dimmed">
        Nenhum {term} ativo nesse Workspace.
      </Text>
      <Text size="xs" c="dimmed">
        Um usuário fica ativo depois do primeiro acesso à plataforma.
      </Text>
    </Stack>
  );
}

function MemberList({
  workspaceId,
  tab,
  search,
  onPick,
}: {
  workspaceId: number | null;
  tab: Tab;
  search: string;
  onPick: (m: Member) => void;
}) {
  const { members, loading } = useVisibleMembers(workspaceId, tab, search);
  const roleLabel = useRoleLabel();
  const main = usePlatform().flags.main_collaborator;
  const term = tab === 'main' ? roleLabel(main) : 'colaborador';
  return (
    <ScrollArea h={320} type="auto">
      <Stack gap={2} pr="sm">
        {members.map((member) => (
          <MemberRow key={member.id} member={member} onPick={() => onPick(member)} />
        ))}
        {loading && <Loader size="sm" mx="auto" my="sm" aria-label="Carregando colaboradores" />}
        {!loading && members.length === 0 && <EmptyMembers term={term} search={search} />}
      </Stack>
    </ScrollArea>
  );
}

type UserPickerModalProps = {
  opened: boolean;
  onClose: () => void;
  onPick: (member: Member) => void;
  /** Another workspace's people; the current workspace by default. */
  workspaceId?: number;
};

/** 'Selecionar Colaborador': the sales reps and the other collaborators at work, searched from 3 letters. */
export function UserPickerModal({ opened, onClose, onPick, workspaceId }: UserPickerModalProps) {
  const session = useSession();
  const roleLabel = useRoleLabel();
  const main = usePlatform().flags.main_collaborator;
  const [tab, setTab] = useState<Tab>('main');
  const [text, setText] = useState('');
  const search = useAppliedSearch(text);
  const pick = (member: Member) => {
    onPick(member);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={USER_PICKER_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      <Stack gap="sm">
        <TextInput
          label="Buscar"
          description="Digite ao menos 3 letras"
          leftSection={<IconSearch size={16} />}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          data-autofocus
        />
        <Tabs value={tab} onChange={(next) => setTab(next === 'others' ? 'others' : 'main')}>
          <Tabs.List grow>
            <Tabs.Tab value="main">{roleLabel(main)}</Tabs.Tab>
            <Tabs.Tab value="others">Colaboradores</Tabs.Tab>
          </Tabs.List>
        </Tabs>
        {opened && (
          <MemberList
            workspaceId={workspaceId ?? session.workspaceId}
            tab={tab}
            search={search}
            onPick={pick}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
