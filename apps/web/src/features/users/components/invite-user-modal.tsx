import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Select, Stack, Text, TextInput } from '@mantine/core';
import { invitationCreateSchema } from '@vendaval/core/schemas/auth';
import { Controller, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useInviteUserMutation } from '../api/use-invite-user-mutation.ts';
import { useRoleOptions } from '../hooks/use-role-options.ts';

type Props = { workspaceId: number; workspaceName: string; opened: boolean; onClose: () => void };

export function InviteUserModal({ workspaceId, workspaceName, opened, onClose }: Props) {
  const invite = useInviteUserMutation(workspaceId);
  const { options, loading } = useRoleOptions(workspaceId, opened);
  const form = useForm({
    resolver: zodResolver(invitationCreateSchema, { error: ptBrIssue }),
    defaultValues: { email: '', role: '' },
  });
  const { errors } = form.formState;

  const close = () => {
    form.reset();
    invite.reset();
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    invite.mutate(values, {
      onSuccess: (invitation) => {
        showSuccessToast(`Convite enviado para ${invitation.email}`);
        close();
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={close} title="Convidar usuário" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            A pessoa recebe por e-mail um convite para entrar em {workspaceName}.
          </Text>
          <TextInput
            label="E-mail"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            data-autofocus
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Controller
            control={form.control}
            name="role"
            render={({ field }) => (
              <Select
                label="Função"
                placeholder={loading ? 'Carregando…' : 'Selecione a função'}
                data={options}
                value={field.value || null}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                ref={field.ref}
                disabled={loading}
                allowDeselect={false}
                comboboxProps={{ withinPortal: true }}
                error={errors.role?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button type="submit" loading={invite.isPending}>
              Enviar convite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
