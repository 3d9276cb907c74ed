import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { requestPasswordResetSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { useRequestPasswordResetMutation } from '../api/use-request-password-reset-mutation.ts';

export function RequestResetForm() {
  const request = useRequestPasswordResetMutation();
  const form = useForm({
    resolver: zodResolver(requestPasswordResetSchema, { error: ptBrIssue }),
    defaultValues: { email: '' },
  });
  const { errors } = form.formState;

  if (request.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="green" title="Verifique seu e-mail">
          {request.data.message}
        </Alert>
        <Anchor component={Link} to="/login" size="sm">
          Voltar para o login
        </Anchor>
      </Stack>
    );
  }

  return (
    <form onSubmit={form.handleSubmit((values) => request.mutate(values))} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Informe o e-mail da sua conta e enviaremos um link para você criar uma nova senha.
        </Text>
        <TextInput
          label="E-mail"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Button type="submit" fullWidth size="md" loading={request.isPending}>
          Enviar link
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          Voltar para o login
        </Anchor>
      </Stack>
    </form>
  );
}
