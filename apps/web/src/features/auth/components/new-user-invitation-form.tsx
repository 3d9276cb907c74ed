import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Stack, TextInput } from '@mantine/core';
import { type Invitation, invitationFulfillNewUserSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { NewPasswordFields } from '../../../ui/new-password-fields/new-password-fields.tsx';
import { useFulfillInvitationMutation } from '../api/use-fulfill-invitation-mutation.ts';

export function NewUserInvitationForm({ invitation }: { invitation: Invitation }) {
  const navigate = useNavigate();
  const fulfill = useFulfillInvitationMutation(invitation.id, invitation.workspace.id);
  const form = useForm({
    resolver: zodResolver(invitationFulfillNewUserSchema, { error: ptBrIssue }),
    defaultValues: { name: '', password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  return (
    <form
      onSubmit={form.handleSubmit((values) =>
        fulfill.mutate(values, { onSuccess: () => navigate('/', { replace: true }) }),
      )}
      noValidate
    >
      <Stack gap="md">
        <TextInput label="Nome" autoComplete="name" error={errors.name?.message} {...form.register('name')} />
        <NewPasswordFields
          label="Senha"
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <Button type="submit" fullWidth size="md" loading={fulfill.isPending}>
          Aceitar convite
        </Button>
      </Stack>
    </form>
  );
}
