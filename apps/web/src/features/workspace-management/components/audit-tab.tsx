import {
  Card,
  Center,
  Group,
  Loader,
  Pagination,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { formatDate, formatTime } from '@vendaval/core/format';
import { useState } from 'react';
import { useRoleLabel } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import { type AuditKind, useAuditLogsQuery } from '../api/use-audit-logs-query.ts';
import { useManagedWorkspacesQuery } from '../api/use-managed-workspaces-query.ts';
import { auditDetail, auditTitle } from '../audit-text.ts';

/** Who changed what: the workspace's own log, its people's log and the platform's brand log, newest first. */
export function AuditTab() {
  const { workspaceId: current } = useSession();
  const workspaces = useManagedWorkspacesQuery();
  const options = (workspaces.data ?? []).map((w) => ({ value: String(w.id), label: w.name }));
  const [chosen, setChosen] = useState<string | null>(null);
  const selected =
    chosen ?? options.find((o) => Number(o.value) === current)?.value ?? options[0]?.value ?? null;
  const [kind, setKind] = useState<AuditKind>('logs');
  const [paging, setPaging] = useState({ key: '', page: 1 });
  const key = kind === 'brand' ? kind : `${selected}:${kind}`;
  const page = paging.key === key ? paging.page : 1;

  return (
    <Stack gap="md">
      <Group gap="sm" align="flex-end" wrap="wrap">
        {kind !== 'brand' && (
          <Select
            label="Workspace"
            data={options}
            value={selected}
            onChange={setChosen}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            w={{ base: '100%', xs: 280 }}
          />
        )}
        <SegmentedControl
          value={kind}
          onChange={(value) => setKind(value as AuditKind)}
          data={[
            { value: 'logs', label: 'Workspace' },
            { value: 'user-logs', label: 'Usuários' },
            { value: 'brand', label: 'Marca' },
          ]}
          aria-label="Registro"
        />
      </Group>
      {(selected || kind === 'brand') && (
        <AuditTable
          workspaceId={selected ? Number(selected) : null}
          kind={kind}
          page={page}
          onPage={(next) => setPaging({ key, page: next })}
        />
      )}
    </Stack>
  );
}

type TableProps = {
  workspaceId: number | null;
  kind: AuditKind;
  page: number;
  onPage: (page: number) => void;
};

function AuditTable({ workspaceId, kind, page, onPage }: TableProps) {
  const logs = useAuditLogsQuery(workspaceId, kind, page);
  const roleLabel = useRoleLabel();
  const total = logs.data?.pagination.total_count ?? 0;
  const entries = logs.data?.data ?? [];

  if (logs.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando registros" />
      </Center>
    );
  }
  return (
    <Stack gap="sm">
      <Card withBorder radius="md" padding={0}>
        {entries.length === 0 ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhum registro.
          </Text>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" horizontalSpacing="md" striped aria-label="Registro de alterações">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Data</Table.Th>
                  <Table.Th>Evento</Table.Th>
                  {kind === 'user-logs' && <Table.Th>Usuário</Table.Th>}
                  <Table.Th>Detalhe</Table.Th>
                  <Table.Th>Feito por</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(entry.created_at)} {formatTime(entry.created_at)}
                    </Table.Td>
                    <Table.Td>{auditTitle(entry)}</Table.Td>
                    {kind === 'user-logs' && <Table.Td>{entry.subject_user?.name ?? '—'}</Table.Td>}
                    <Table.Td style={{ overflowWrap: 'anywhere', minWidth: 260 }}>
                      {auditDetail(entry, roleLabel) ?? '—'}
                    </Table.Td>
                    <Table.Td>{entry.actor?.name ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {total > ADMIN_PAGE_SIZE && (
        <Group justify="flex-end">
          <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={onPage} size="sm" />
        </Group>
      )}
    </Stack>
  );
}
