import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  Progress,
  ScrollArea,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { LEAD_IMPORT_STATUS_LABELS, type LeadImport } from '@vendaval/core/schemas/lead-import';

type Props = { progress: LeadImport | undefined; onDone: () => void };

const number = (n: number) => n.toLocaleString('pt-BR');

/** The import as its job goes: progress, what each row became, the rows to look at, then 'Concluir'. */
export function LeadImportProgress({ progress, onDone }: Props) {
  if (!progress) {
    return (
      <Group justify="center" p="xl">
        <Loader size="sm" aria-label="Carregando a importação" />
      </Group>
    );
  }
  const over = progress.status === 'done' || progress.status === 'failed';
  const percent = progress.total_rows ? Math.round((progress.processed_rows / progress.total_rows) * 100) : 0;
  return (
    <Stack gap="md">
      <div>
        <Group justify="space-between" mb={6}>
          <Text fw={600}>{LEAD_IMPORT_STATUS_LABELS[progress.status]}</Text>
          <Text size="sm" c="dimmed">
            {number(progress.processed_rows)} de {number(progress.total_rows)} linhas
          </Text>
        </Group>
        <Progress
          value={percent}
          size="lg"
          striped={!over}
          animated={!over}
          color={progress.status === 'failed' ? 'red' : undefined}
          aria-label="Progresso da importação"
        />
      </div>
      <SimpleGrid cols={3} spacing="xs">
        <Count label="Criados" value={progress.created} />
        <Count label="Mesclados" value={progress.merged} />
        <Count label="Com erro" value={progress.failed} />
      </SimpleGrid>
      {progress.status === 'done' && (
        <Alert color="green" title="Importação concluída">
          Os cards já estão no funil.
        </Alert>
      )}
      {progress.status === 'failed' && (
        <Alert color="red" title="Importação interrompida">
          {MESSAGES.leadImportFailed}
        </Alert>
      )}
      {progress.ignored_columns.length > 0 && (
        <Text size="sm" c="dimmed">
          Colunas ignoradas: {progress.ignored_columns.join(', ')}
        </Text>
      )}
      {progress.errors.length > 0 && <ErrorRows errors={progress.errors} />}
      <Group justify="flex-end">
        <Button onClick={onDone}>Concluir</Button>
      </Group>
    </Stack>
  );
}

function Count({ label, value }: { label: string; value: number }) {
  return (
    <Paper withBorder p="xs" ta="center" aria-label={`${label}: ${value}`}>
      <Text size="xl" fw={700} lh={1.2}>
        {number(value)}
      </Text>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Paper>
  );
}

function ErrorRows({ errors }: { errors: LeadImport['errors'] }) {
  return (
    <div>
      <Text size="sm" fw={600} mb={4}>
        Linhas com erro ou aviso
      </Text>
      <ScrollArea.Autosize mah={220} type="auto">
        <Table fz="sm" striped verticalSpacing={4} aria-label="Linhas com erro ou aviso">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={70}>Linha</Table.Th>
              <Table.Th>Motivo</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {errors.map((error) => (
              // A row has at most one message of each kind.
              <Table.Tr key={`${error.row}:${error.message}`}>
                <Table.Td>{error.row}</Table.Td>
                <Table.Td>{error.message}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </div>
  );
}
