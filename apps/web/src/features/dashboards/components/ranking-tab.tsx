import { Badge, Pagination, ScrollArea, Stack, Table, UnstyledButton } from '@mantine/core';
import { DASHBOARD_PAGE_SIZES } from '@vendaval/core/constants';
import { formatBRL, formatElapsed } from '@vendaval/core/format';
import type { RankingRow, SalesRepDashboard } from '@vendaval/core/schemas/dashboards';
import { useState } from 'react';
import { useTerms } from '../../../lib/platform.ts';
import { useDashboardQuery } from '../api/use-dashboard-query.ts';
import { type DashboardFilter, dashboardQuery } from '../dashboard-filter.ts';
import { ChartCard } from './chart-card.tsx';

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });
const shown = (value: number | null, format: (v: number) => string = String) =>
  value === null ? '—' : format(value);

type Props = {
  title: string;
  workspaceId: number;
  filter: DashboardFilter;
  /** Opens the board on a person's cards of the period; absent for whoever sees only their own. */
  openUser?: ((userId: number) => void) | undefined;
};

/** 'Ranking de Atendentes' / 'Ranking de Orientadores' (PLAT-029): by position, ten a page (PLAT-131). */
export function RankingTab({ title, workspaceId, filter, openUser }: Props) {
  const terms = useTerms();
  const [page, setPage] = useState(1);
  const size = DASHBOARD_PAGE_SIZES.ranking;
  const query = { ...dashboardQuery(filter), limit: size, offset: (page - 1) * size };
  const ranking = useDashboardQuery<SalesRepDashboard>(workspaceId, 'dashboards/sales-rep', query);
  const rows = ranking.data?.data ?? [];
  const columns: [string, (r: RankingRow) => string][] = [
    ['Oportunidades', (r) => shown(r.count)],
    [terms.won_term, (r) => shown(r.won)],
    [terms.lost_term, (r) => shown(r.lost)],
    ['Valor ganho', (r) => shown(r.won_price, formatBRL)],
    ['Conversão', (r) => shown(r.conversion, (v) => percent.format(v))],
    ['Tempo médio de resposta', (r) => shown(r.average_response_s, formatElapsed)],
  ];
  const csv = () => ({
    header: ['Posição', 'Nome', ...columns.map(([label]) => label)],
    rows: rows.map((r) => [r.position, r.name, ...columns.map(([, value]) => value(r))]),
  });
  const pages = Math.ceil((ranking.data?.pagination.total_count ?? 0) / size);
  return (
    <ChartCard
      title={title}
      loading={ranking.isPending}
      updating={ranking.isPlaceholderData}
      empty={rows.length === 0}
      csv={csv}
    >
      <Stack gap="sm">
        <ScrollArea type="auto">
          <Table striped fz="sm" miw={640}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Posição</Table.Th>
                <Table.Th>Nome</Table.Th>
                {columns.map(([label]) => (
                  <Table.Th key={label} ta="right">
                    {label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.user_id}>
                  <Table.Td>
                    <Badge variant={r.position <= 3 ? 'filled' : 'light'} circle size="lg">
                      {r.position}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {openUser ? (
                      <UnstyledButton fz="sm" c="blue.8" td="underline" onClick={() => openUser(r.user_id)}>
                        {r.name}
                      </UnstyledButton>
                    ) : (
                      r.name
                    )}
                  </Table.Td>
                  {columns.map(([label, value]) => (
                    <Table.Td key={label} ta="right">
                      {value(r)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea>
        {pages > 1 && <Pagination size="sm" total={pages} value={page} onChange={setPage} />}
      </Stack>
    </ChartCard>
  );
}
