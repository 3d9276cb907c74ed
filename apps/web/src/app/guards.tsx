import { Navigate, Outlet } from 'react-router';
import { useCurrentRole } from '../lib/current-workspace.ts';
import { useSession } from '../lib/session.ts';

/** Private routes: the stored token alone decides access. */
export function RequireAuth() {
  const { token } = useSession();
  return token ? <Outlet /> : <Navigate to="/login" replace />;
}

/** Login, password reset and invitations are for visitors; a logged-in user goes to /. */
export function PublicOnly() {
  const { token } = useSession();
  return token ? <Navigate to="/" replace /> : <Outlet />;
}

/** Screens for some roles only (from permissions.ts): anyone else goes to the pipeline. */
export function RequireRole({ allowed }: { allowed: (role: string) => boolean }) {
  const role = useCurrentRole();
  if (role === null) return null;
  return allowed(role) ? <Outlet /> : <Navigate to="/" replace />;
}
