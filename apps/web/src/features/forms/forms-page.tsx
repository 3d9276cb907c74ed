import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconEdit, IconInbox, IconPlus, IconShare, IconTrash } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import type { Form, FormWriteInput } from '@vendaval/core/schemas/forms';
import { useState } from 'react';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import {
  useCreateFormMutation,
  useDeleteFormMutation,
  useUpdateFormMutation,
} from './api/use-form-mutations.ts';
import { useFormsQuery } from './api/use-forms-query.ts';
import { FormEditorModal } from './components/form-editor-modal.tsx';
import { FormShareModal } from './components/form-share-modal.tsx';
import { FormSubmissionsDrawer } from './components/form-submissions-drawer.tsx';

/** /forms: the workspace's marketing forms — built here, published as a page or an embed, their answers read. */
export function FormsPage() {
  const { workspaceId } = useSession();
  const mobile = useIsMobile();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Form | 'new' | null>(null);
  const [sharing, setSharing] = useState<Form | null>(null);
  const [reading, setReading] = useState<Form | null>(null);
  const list = useFormsQuery(workspaceId, page);
  const create = useCreateFormMutation(workspaceId);
  const update = useUpdateFormMutation(workspaceId);
  const remove = useDeleteFormMutation(workspaceId);
  const forms = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;
  const saving = editing === 'new' ? create : update;

  const close = () => {
    create.reset();
    update.reset();
    setEditing(null);
  };
  const save = (input: FormWriteInput) => {
    const done = {
      onSuccess: (saved: Form) => {
        close();
        showSuccessToast('Formulário salvo.');
        if (editing === 'new') setSharing(saved);
      },
    };
    if (editing === 'new') create.mutate(input, done);
    else if (editing) update.mutate({ id: editing.id, input }, done);
  };
  const confirmDelete = (form: Form) =>
    modals.openConfirmModal({
      title: 'Excluir formulário',
      centered: true,
      children: (
        <Text size="sm">
          {`"${form.name}" e suas respostas serão excluídos. As oportunidades criadas por ele continuam no funil.`}
        </Text>
      ),
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(form.id, { onSuccess: () => showSuccessToast('Formulário excluído.') }),
    });

  return (
    <Stack p="md" gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Formulários</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Novo formulário
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Cada resposta cria (ou reaproveita, pelo telefone) o contato e cria uma oportunidade no funil.
      </Text>

      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando formulários" />
        </Center>
      ) : forms.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            Nenhum formulário criado.
          </Text>
        </Card>
      ) : (
        forms.map((form) => (
          <Card key={form.id} withBorder radius="md" padding="md" data-testid="form-card">
            <Group justify="space-between" gap="sm" align="flex-start">
              <Stack gap={4} style={{ flex: 1, minWidth: 200 }}>
                <Group gap="xs">
                  <Text fw={600} style={{ wordBreak: 'break-word' }}>
                    {form.name}
                  </Text>
                  <Badge color={form.active ? 'green' : 'gray'} variant="light">
                    {form.active ? 'Ativo' : 'Inativo'}
                  </Badge>
                </Group>
                <Text size="sm" c="dimmed">
                  {form.fields.length} {form.fields.length === 1 ? 'campo' : 'campos'} ·{' '}
                  {form.submission_count} {form.submission_count === 1 ? 'resposta' : 'respostas'}
                </Text>
              </Stack>
              <Group gap="xs">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconShare size={14} />}
                  onClick={() => setSharing(form)}
                >
                  Publicar
                </Button>
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconInbox size={14} />}
                  onClick={() => setReading(form)}
                >
                  Respostas
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<IconEdit size={14} />}
                  onClick={() => setEditing(form)}
                >
                  Editar
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} />}
                  onClick={() => confirmDelete(form)}
                >
                  Excluir
                </Button>
              </Group>
            </Group>
          </Card>
        ))
      )}
      {total > ADMIN_PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} />
        </Group>
      )}

      <FormEditorModal
        opened={editing !== null}
        form={editing === 'new' ? null : editing}
        saving={saving.isPending}
        error={saving.error}
        onSave={save}
        onClose={close}
        fullScreen={mobile}
      />
      <FormShareModal form={sharing} onClose={() => setSharing(null)} />
      {workspaceId !== null && (
        <FormSubmissionsDrawer
          workspaceId={workspaceId}
          form={reading}
          onClose={() => setReading(null)}
          fullScreen={mobile}
        />
      )}
    </Stack>
  );
}
