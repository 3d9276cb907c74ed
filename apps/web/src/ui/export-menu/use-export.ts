import { useMutation, useQuery } from '@tanstack/react-query';
import { MESSAGES } from '@vendaval/core/messages';
import {
  EXPORT_POLL_MS,
  type Export,
  type ExportFormat,
  type ExportKind,
} from '@vendaval/core/schemas/exports';
import { useEffect, useRef, useState } from 'react';
import { apiDownload, http, type Query } from '../../lib/http.ts';
import { saveFile } from '../../lib/save-file.ts';
import { showErrorToasts, showWarningToast } from '../../lib/toasts.ts';

export const exportKey = (workspaceId: number, id: string | null) => [workspaceId, 'exports', id] as const;

const isOver = (status: Export['status'] | undefined) => status === 'done' || status === 'failed';

/**
 * Starts an export, asks for its progress every second and downloads the file once its job is done.
 * `busy` covers the whole way from the click to the saved file.
 */
export function useExport(workspaceId: number, kind: ExportKind, query: Query = {}) {
  const [id, setId] = useState<string | null>(null);
  const start = useMutation({
    mutationFn: (format: ExportFormat) =>
      http.get<Export>(`/workspaces/${workspaceId}/exports/${kind}`, { query: { ...query, format } }),
    onSuccess: (started) => setId(started.id),
  });
  const status = useQuery({
    queryKey: exportKey(workspaceId, id),
    queryFn: ({ signal }) => http.get<Export>(`/workspaces/${workspaceId}/exports/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: (q) => (isOver(q.state.data?.status) ? false : EXPORT_POLL_MS),
    staleTime: 0,
  });
  const downloaded = useRef<string | null>(null);
  const state = status.data?.status;

  useEffect(() => {
    if (!id || downloaded.current === id || !isOver(state)) return;
    downloaded.current = id;
    const finish = () => setId(null);
    if (state === 'failed') {
      showWarningToast(MESSAGES.exportFailed);
      finish();
      return;
    }
    apiDownload(`/workspaces/${workspaceId}/exports/${id}/download`)
      .then(({ blob, fileName }) => saveFile(fileName, blob))
      .catch(showErrorToasts)
      .finally(finish);
  }, [id, state, workspaceId]);

  // A failed status request was already shown by the global error display; the button is usable again.
  useEffect(() => {
    if (status.isError) setId(null);
  }, [status.isError]);

  return { start: (format: ExportFormat) => start.mutate(format), busy: start.isPending || id !== null };
}
