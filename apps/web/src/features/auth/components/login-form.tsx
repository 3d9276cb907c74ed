import { zodResolver } from '@hookform/resolvers/zod';
import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { tokenRequestSchema } from '@vendaval/core/schemas/auth';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { useBrandGradient, usePlatform } from '../../../lib/platform.ts';
import { useLoginMutation } from '../api/use-login-mutation.ts';

export function LoginForm() {
  const { flags } = usePlatform();
  const gradient = useBrandGradient('login');
  const navigate = useNavigate();
  const login = useLoginMutation();
  const form = useForm({
    resolver: zodResolver(tokenRequestSchema, { error: ptBrIssue }),
    defaultValues: { username: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    login.mutate(values, { onSuccess: () => navigate('/', { replace: true }) });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        <TextInput
          label="E-mail ou usuário"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          error={errors.username?.message}
          {...form.register('username')}
        />
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
        <Button
          type="submit"
          fullWidth
          size="md"
          loading={login.isPending}
          {...(gradient ? { variant: 'gradient', gradient } : {})}
        >
          Entrar
        </Button>
      </Stack>
    </form>
  );
}
