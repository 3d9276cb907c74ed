import { zodResolver } from '@hookform/resolvers/zod';
import { Text, TextInput } from '@mantine/core';
import { invitationCreateSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useInviteUserMutation } from '../api/use-invite-user-mutation.ts';
import { useRoleOptions } from '../hooks/use-role-options.ts';
import { FormModal } from './form-modal.tsx';
import { RoleSelect } from './form-select.tsx';

type Props = { workspaceId: number; workspaceName: string; opened: boolean; onClose: () => void };

export function InviteUserModal({ workspaceId, workspaceName, opened, onClose }: Props) {
  const invite = useInviteUserMutation(workspaceId);
  const roles = useRoleOptions(workspaceId, opened);
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
    <FormModal
      title="Convidar usuário"
      opened={opened}
      onClose={close}
      onSubmit={submit}
      saving={invite.isPending}
      submitLabel="Enviar convite"
    >
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
      <RoleSelect control={form.control} name="role" roles={roles} error={errors.role?.message} />
    </FormModal>
  );
}
