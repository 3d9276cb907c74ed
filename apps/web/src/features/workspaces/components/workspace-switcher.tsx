import { ActionIcon, Select, Tooltip } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { PLATFORM_QUERY_KEY } from '../../../lib/query-client.ts';
import { setCurrentWorkspaceId, syncMemberships, useSession } from '../../../lib/session.ts';
import { useMyWorkspacesQuery } from '../api/use-my-workspaces-query.ts';

type Props = {
  /** Icon-only form for the collapsed menu; pressing it asks for the expanded menu. */
  compact?: boolean;
  onExpand?: () => void;
  classNames?: { label?: string; compactButton?: string };
};

export function WorkspaceSwitcher({ compact = false, onExpand, classNames }: Props) {
  const queryClient = useQueryClient();
  const { user, workspaceId } = useSession();
  const { data } = useMyWorkspacesQuery();

  useEffect(() => {
    if (data) syncMemberships(data.data);
  }, [data]);

  const workspaces = user?.workspaces ?? [];
  const current = workspaces.find((w) => w.id === workspaceId);

  if (compact) {
    return (
      <Tooltip label={current ? `Workspace: ${current.name}` : 'Workspace'} position="right" withArrow>
        <ActionIcon
          variant="subtle"
          size="xl"
          className={classNames?.compactButton}
          aria-label="Trocar workspace"
          onClick={onExpand}
        >
          <IconBuildingStore size={22} stroke={1.6} />
        </ActionIcon>
      </Tooltip>
    );
  }

  const change = (value: string | null) => {
    const id = Number(value);
    if (!value || id === workspaceId) return;
    setCurrentWorkspaceId(id);
    // Workspace data is keyed by the workspace id; refresh what is on screen for the new one.
    void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== PLATFORM_QUERY_KEY[0] });
  };

  return (
    <Select
      label="Workspace"
      classNames={{ label: classNames?.label }}
      data={workspaces.map((w) => ({ value: String(w.id), label: w.name }))}
      value={workspaceId === null ? null : String(workspaceId)}
      onChange={change}
      allowDeselect={false}
      searchable={workspaces.length > 8}
      nothingFoundMessage="Nenhum workspace encontrado"
      placeholder="Nenhum workspace"
      disabled={workspaces.length === 0}
      comboboxProps={{ withinPortal: true }}
      leftSection={<IconBuildingStore size={16} stroke={1.6} />}
    />
  );
}
