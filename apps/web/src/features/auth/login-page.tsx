import { AuthScreen } from './components/auth-screen.tsx';
import { LoginForm } from './components/login-form.tsx';

export function LoginPage() {
  return (
    <AuthScreen heading="Entrar">
      <LoginForm />
    </AuthScreen>
  );
}
