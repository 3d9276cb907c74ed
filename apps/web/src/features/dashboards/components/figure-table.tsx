import { Table, UnstyledButton } from '@mantine/core';
import { ChangeBadge } from './change-badge.tsx';

export type FigureRow = {
  id: string;
  name: string;
  count: number;
  previous: number | undefined;
  /** Opens the board on this row's cards; absent where the board has no filter for them. */
  open?: (() => void) | undefined;
};

/** The bars of a chart as text: each name opens the board on its cards; the change from the previous period. */
export function FigureTable({ rows, countLabel }: { rows: FigureRow[]; countLabel: string }) {
  return (
    <Table fz="sm" verticalSpacing={4} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Nome</Table.Th>
          <Table.Th ta="right">{countLabel}</Table.Th>
          <Table.Th ta="right">vs. anterior</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map((row) => (
          <Table.Tr key={row.id}>
            <Table.Td>
              {row.open ? (
                <UnstyledButton fz="sm" c="blue.8" td="underline" onClick={row.open}>
                  {row.name}
                </UnstyledButton>
              ) : (
                row.name
              )}
            </Table.Td>
            <Table.Td ta="right">{row.count}</Table.Td>
            <Table.Td ta="right">
              <ChangeBadge current={row.count} previous={row.previous} />
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
