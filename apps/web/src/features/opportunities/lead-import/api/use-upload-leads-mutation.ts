import { useMutation } from '@tanstack/react-query';
import type { ApiErrorBody } from '@vendaval/core/messages';
import type { LeadImportCreated, LeadImportFields } from '@vendaval/core/schemas/lead-import';
import { ApiError, apiUrl, REQUEST_TIMEOUT_MS } from '../../../../lib/http.ts';
import { clearSession, getToken } from '../../../../lib/session.ts';

export type LeadUpload = { file: File; fields: LeadImportFields };

/**
 * POST /opportunities/upload as multipart/form-data (the JSON client does not send files); the same rules as
 * the client otherwise: non-200 is an ApiError, 401 ends the session.
 */
async function uploadLeads(
  workspaceId: number | null,
  { file, fields }: LeadUpload,
): Promise<LeadImportCreated> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  form.append('file', file);
  const headers = new Headers({ Accept: 'application/json' });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(apiUrl(`/workspaces/${workspaceId}/opportunities/upload`), {
      method: 'POST',
      headers,
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    throw new ApiError(undefined, undefined, { cause: error });
  }
  const payload: unknown = await response.json().catch(() => undefined);
  if (response.status !== 200) {
    if (response.status === 401) setTimeout(() => clearSession({ keepWorkspace: true }), 0);
    const body = payload && typeof payload === 'object' ? (payload as ApiErrorBody) : undefined;
    throw new ApiError(response.status, body);
  }
  return payload as LeadImportCreated;
}

export function useUploadLeadsMutation(workspaceId: number | null) {
  return useMutation({ mutationFn: (upload: LeadUpload) => uploadLeads(workspaceId, upload) });
}
