import { useSearchParams } from 'react-router';
import { AuthScreen } from './components/auth-screen.tsx';
import { RequestResetForm } from './components/request-reset-form.tsx';
import { ResetPasswordForm } from './components/reset-password-form.tsx';

/** Without a token it asks for the e-mailed link; the link brings the token back here. */
export function PasswordResetPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  return token ? (
    <AuthScreen heading="Criar nova senha">
      <ResetPasswordForm token={token} />
    </AuthScreen>
  ) : (
    <AuthScreen heading="Resetar senha">
      <RequestResetForm />
    </AuthScreen>
  );
}
