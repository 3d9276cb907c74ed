import { ActionIcon, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { type CsvCell, downloadCsv, toCsv } from '../csv.ts';

export type CsvTable = { header: string[]; rows: CsvCell[][] };

type Props = {
  title: string;
  loading: boolean;
  /** The figures shown are the previous filter's while the new ones load: dimmed, and busy for assistive tech. */
  updating: boolean;
  /** No figure in the period: the card says so instead of drawing an empty chart. */
  empty: boolean;
  csv: () => CsvTable;
  children: ReactNode;
};

const fileName = (title: string) =>
  `${title
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}.csv`;

/** One chart of the dashboard with its title, its CSV download and a pt-BR empty state. */
export function ChartCard({ title, loading, updating, empty, csv, children }: Props) {
  const download = () => {
    const table = csv();
    downloadCsv(fileName(title), toCsv(table.header, table.rows));
  };
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={title} aria-busy={updating}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} size="h5">
            {title}
          </Title>
          <Tooltip label="Baixar CSV">
            <ActionIcon
              variant="subtle"
              aria-label={`Baixar CSV de ${title}`}
              onClick={download}
              disabled={loading}
            >
              <IconDownload size={18} />
            </ActionIcon>
          </Tooltip>
        </Group>
        {loading ? (
          <Skeleton h={220} />
        ) : empty ? (
          <Text c="dimmed" ta="center" py="xl">
            Nenhum dado encontrado no período.
          </Text>
        ) : (
          <div style={{ opacity: updating ? 0.55 : 1, transition: 'opacity 150ms' }}>{children}</div>
        )}
      </Stack>
    </Card>
  );
}
