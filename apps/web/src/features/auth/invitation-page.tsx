import { Alert, Anchor, Center, Loader, Stack } from '@mantine/core';
import { MESSAGES } from '@vendaval/core/messages';
import { Link, useParams } from 'react-router';
import { useInvitationQuery } from './api/use-invitation-query.ts';
import { AuthScreen } from './components/auth-screen.tsx';
import { ExistingUserInvitationForm } from './components/existing-user-invitation-form.tsx';
import { InvitationSummary } from './components/invitation-summary.tsx';
import { NewUserInvitationForm } from './components/new-user-invitation-form.tsx';
import { linkProblem } from './link-problem.ts';

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
            {linkProblem(invitation.error, MESSAGES.invitationInvalid)}
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
