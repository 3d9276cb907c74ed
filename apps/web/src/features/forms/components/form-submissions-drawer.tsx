import { Badge, Card, Center, Drawer, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZE, SOURCE_TYPE_LABELS, type SourceType } from '@vendaval/core/constants';
import { formatDateTime } from '@vendaval/core/format';
import type { Form } from '@vendaval/core/schemas/forms';
import { useState } from 'react';
import { useFormSubmissionsQuery } from '../api/use-form-submissions-query.ts';

type Props = { workspaceId: number; form: Form | null; onClose: () => void; fullScreen: boolean };

/** The answers a form received, newest first, each with its contact, origin and UTM parameters. */
export function FormSubmissionsDrawer({ workspaceId, form, onClose, fullScreen }: Props) {
  return (
    <Drawer
      opened={form !== null}
      onClose={onClose}
      position="right"
      size={fullScreen ? '100%' : 520}
      title={form ? `Respostas — ${form.name}` : ''}
    >
      {form && <SubmissionList workspaceId={workspaceId} form={form} />}
    </Drawer>
  );
}

function SubmissionList({ workspaceId, form }: { workspaceId: number; form: Form }) {
  const [page, setPage] = useState(1);
  const list = useFormSubmissionsQuery(workspaceId, form.id, page);
  const labels = new Map(form.fields.map((f) => [f.key, f.label]));
  if (list.isPending)
    return (
      <Center py="xl">
        <Loader aria-label="Carregando respostas" />
      </Center>
    );
  const rows = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;
  if (rows.length === 0)
    return (
      <Text c="dimmed" ta="center" py="lg">
        Nenhuma resposta recebida.
      </Text>
    );
  return (
    <Stack gap="sm">
      {rows.map((row) => (
        <Card key={row.id} withBorder radius="md" padding="sm" data-testid="form-submission">
          <Group justify="space-between" gap="xs" mb={6}>
            <Text fw={600}>{row.contact_name ?? 'Contato excluído'}</Text>
            <Badge variant="light">
              {SOURCE_TYPE_LABELS[row.source_type as SourceType] ?? row.source_type}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed" mb={6}>
            {formatDateTime(row.created_at)}
            {row.opportunity_id ? ` · Oportunidade #${row.opportunity_id}` : ''}
          </Text>
          <Stack gap={2}>
            {Object.entries(row.answers).map(([key, value]) => (
              <Text key={key} size="sm" style={{ wordBreak: 'break-word' }}>
                <Text span c="dimmed" size="sm">
                  {labels.get(key) ?? key}:
                </Text>{' '}
                {typeof value === 'boolean' ? (value ? 'Sim' : 'Não') : value}
              </Text>
            ))}
            {Object.entries(row.utm).map(([key, value]) => (
              <Text key={key} size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
                {key}: {value}
              </Text>
            ))}
          </Stack>
        </Card>
      ))}
      {total > ADMIN_PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
