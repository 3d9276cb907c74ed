import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import {
  DEFAULT_WORKSPACE_SETTINGS,
  type Workspace,
  workspaceNameSchema,
  workspaceSettingsSchema,
} from '@vendaval/core/schemas/workspaces';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useSaveWorkspaceMutation } from '../api/use-save-workspace-mutation.ts';
import { type WorkspaceFormValues, WorkspaceSettingsFields } from './workspace-settings-fields.tsx';

const formSchema = workspaceNameSchema
  .extend({ settings: workspaceSettingsSchema })
  .refine((v) => v.settings.distribution !== 'fixed_user' || v.settings.distribution_user_id !== null, {
    message: MESSAGES.distributionUserRequired,
    path: ['settings', 'distribution_user_id'],
  });

type Props = { editing: { workspace: Workspace | null } | null; onClose: () => void };

/** Creates a workspace or edits one: its name and its settings. */
export function WorkspaceFormModal({ editing, onClose }: Props) {
  const save = useSaveWorkspaceMutation();
  const form = useForm<WorkspaceFormValues>({
    resolver: zodResolver(formSchema, { error: ptBrIssue }),
    defaultValues: { name: '', settings: DEFAULT_WORKSPACE_SETTINGS },
  });
  const workspace = editing?.workspace ?? null;

  useEffect(() => {
    if (editing) {
      form.reset({
        name: workspace?.name ?? '',
        settings: workspace?.settings ?? DEFAULT_WORKSPACE_SETTINGS,
      });
    }
  }, [editing, workspace, form]);

  const submit = form.handleSubmit((draft) =>
    save.mutate(
      { id: workspace?.id ?? null, draft },
      {
        onSuccess: () => {
          showSuccessToast(workspace ? 'Workspace atualizado com sucesso!' : 'Workspace criado com sucesso!');
          onClose();
        },
      },
    ),
  );

  return (
    <Modal
      opened={editing !== null}
      onClose={onClose}
      title={workspace ? 'Editar workspace' : 'Novo workspace'}
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Nome"
            placeholder="Ex.: Escola Centro"
            data-autofocus
            {...form.register('name')}
            error={form.formState.errors.name?.message}
          />
          <WorkspaceSettingsFields form={form} workspaceId={workspace?.id ?? null} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              Cancelar
            </Button>
            <Button type="submit" loading={save.isPending}>
              {workspace ? 'Salvar' : 'Criar workspace'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
