import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { usePlatform } from '../../lib/platform.ts';
import { resetUserQueries } from '../../lib/query-client.ts';
import { clearSession, getToken } from '../../lib/session.ts';
import { LoadingScreen } from '../../ui/loading-screen.tsx';
import { useLogoutMutation } from './api/use-logout-mutation.ts';

export function LogoutPage() {
  const { spinner } = usePlatform();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { mutate: revoke } = useLogoutMutation();
  const done = useRef(false);

  useEffect(() => {
    if (done.current) return;
    done.current = true;
    const token = getToken();
    // The request carries the token itself, so the session can end at once without waiting for it.
    if (token) revoke(token);
    clearSession();
    resetUserQueries(queryClient);
    navigate('/login', { replace: true });
  }, [revoke, queryClient, navigate]);

  return <LoadingScreen spinner={spinner} />;
}
