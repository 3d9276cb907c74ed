import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { resetPasswordSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { NewPasswordFields } from '../../../ui/new-password-fields/new-password-fields.tsx';
import { useResetPasswordMutation } from '../api/use-reset-password-mutation.ts';

export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPasswordMutation();
  const form = useForm({
    resolver: zodResolver(resetPasswordSchema, { error: ptBrIssue }),
    defaultValues: { token, password: '', password_confirmation: '' },
  });
  const { errors } = form.formState;

  if (reset.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Senha alterada">
          {reset.data.message}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Ir para o login
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((values) => reset.mutate(values))} noValidate>
      <Stack gap="md">
        {errors.token && (
          <Alert color="red" title="Link inválido">
            {MESSAGES.resetLinkInvalid}{' '}
            <Anchor component={Link} to="/password-reset" inherit>
              Solicitar um novo link
            </Anchor>
          </Alert>
        )}
        <NewPasswordFields
          label="Nova senha"
          password={form.register('password')}
          confirmation={form.register('password_confirmation')}
          errors={{ password: errors.password?.message, confirmation: errors.password_confirmation?.message }}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          Salvar nova senha
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}
