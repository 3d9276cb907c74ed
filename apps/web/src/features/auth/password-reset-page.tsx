import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { Link, useSearchParams } from 'react-router';
import { useResetLinkQuery } from './api/use-reset-link-query.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { RequestResetForm } from './components/request-reset-form.tsx';
import { ResetPasswordForm } from './components/reset-password-form.tsx';
import { linkProblem } from './link-problem.ts';

/** The e-mailed link is checked as the page opens: a used or expired one says so before any form. */
function NewPassword({ token }: { token: string }) {
  const link = useResetLinkQuery(token);
  if (link.isPending) {
    return (
      <AuthScreen heading="Criar nova senha">
        <Center py="xl">
          <Loader aria-label="Verificando o link" />
        </Center>
      </AuthScreen>
    );
  }
  if (link.isError) {
    return (
      <AuthScreen heading="Link indisponível">
        <Stack gap="md">
          <Alert color="red" title="Não é possível criar uma senha com este link">
            {linkProblem(link.error, MESSAGES.resetLinkInvalid)}
          </Alert>
          <Anchor component={Link} to="/password-reset" size="sm">
            Solicitar um novo link
          </Anchor>
          <Anchor component={Link} to="/login" size="sm">
            Voltar para o login
          </Anchor>
        </Stack>
      </AuthScreen>
    );
  }
  return (
    <AuthScreen heading="Criar nova senha">
      <ResetPasswordForm token={token} />
    </AuthScreen>
  );
}

/** Without a token it asks for the e-mailed link; the link brings the token back here. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <NewPassword token={token} />
  ) : (
    <AuthScreen heading="Resetar senha">
      <RequestResetForm />
    </AuthScreen>
  );
}
