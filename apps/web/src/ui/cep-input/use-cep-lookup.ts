import type { CepLookup } from '@vendaval/core/schemas/cep';
import { useCallback } from 'react';
import { http } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';

/** Looks a CEP (8 digits) up through the workspace; a failed request counts as the service being out of reach. */
export function useCepLookup(): (digits: string) => Promise<CepLookup> {
  const { workspaceId } = useSession();
  return useCallback(
    (digits) =>
      http
        .get<CepLookup>(`/workspaces/${workspaceId}/cep/${digits}`)
        .catch((): CepLookup => ({ status: 'unavailable' })),
    [workspaceId],
  );
}
