import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { type Invitation, invitationFulfillExistingUserSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { usePlatform } from '../../../lib/platform.ts';
import { useFulfillInvitationMutation } from '../api/use-fulfill-invitation-mutation.ts';

export function ExistingUserInvitationForm({ invitation }: { invitation: Invitation }) {
  const { flags } = usePlatform();
  const navigate = useNavigate();
  const fulfill = useFulfillInvitationMutation(invitation.id, invitation.workspace.id);
  const form = useForm({
    resolver: zodResolver(invitationFulfillExistingUserSchema, { error: ptBrIssue }),
    defaultValues: { password: '' },
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
        <Text size="sm">
          Você já tem uma conta com o e-mail <strong>{invitation.email}</strong>. Informe sua senha para
          aceitar o convite.
        </Text>
        <PasswordInput
          label="Senha"
          autoComplete="current-password"
          error={errors.password?.message}
          {...form.register('password')}
        />
        {flags.has_reset && (
          <Group justify="flex-end">
            <Anchor component={Link} to="/password-reset" size="sm">
              Esqueci minha senha
            </Anchor>
          </Group>
        )}
        <Button type="submit" fullWidth size="md" loading={fulfill.isPending}>
          Aceitar convite
        </Button>
      </Stack>
    </form>
  );
}
