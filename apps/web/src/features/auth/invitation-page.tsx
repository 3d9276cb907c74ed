import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { MESSAGES, UNKNOWN_ERROR } from '@vendaval/core/messages';
import { Link, useParams } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { useInvitationQuery } from './api/use-invitation-query.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { ExistingUserInvitationForm } from './components/existing-user-invitation-form.tsx';
import { InvitationSummary } from './components/invitation-summary.tsx';
import { NewUserInvitationForm } from './components/new-user-invitation-form.tsx';

function problem(error: Error): string {
  if (error instanceof ApiError && error.status !== undefined) {
    return error.body?.message ?? MESSAGES.invitationInvalid;
  }
  return UNKNOWN_ERROR.message;
}

export function InvitationPage() {
  const { id = '' } = useParams();
  const invitation = useInvitationQuery(id);

  if (invitation.isPending) {
    return (
      <AuthScreen heading="Convite">
        <Center py="xl">
          <Loader aria-label="Carregando convite" />
        </Center>
      </AuthScreen>
    );
  }

  if (invitation.isError) {
    return (
      <AuthScreen heading="Convite">
        <Stack gap="md">
          <Alert color="red" title="Convite indisponível">
            {problem(invitation.error)}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            Ir para o login
          </Anchor>
        </Stack>
      </AuthScreen>
    );
  }

  const data = invitation.data;
  return (
    <AuthScreen heading="Aceitar convite">
      <Stack gap="lg">
        <InvitationSummary invitation={data} />
        {data.user_exists ? (
          <ExistingUserInvitationForm invitation={data} />
        ) : (
          <NewUserInvitationForm invitation={data} />
        )}
      </Stack>
    </AuthScreen>
  );
}
