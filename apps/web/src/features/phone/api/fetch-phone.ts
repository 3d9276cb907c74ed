import type { BatchCall, OpportunityCall, Telephony } from '@vendaval/core/schemas/calls';
import { http } from '../../../lib/http.ts';

/** A call as the server has it now, after its `call.updated` event. */
export const fetchCall = (workspaceId: number, callId: number) =>
  http.get<OpportunityCall>(`/workspaces/${workspaceId}/opportunity-calls/${callId}`);

/** A queue row as the server has it now. */
export const fetchRow = (workspaceId: number, rowId: string) =>
  http.get<BatchCall>(`/workspaces/${workspaceId}/batch-calls/${rowId}`);

/**
 * What the rep had on the phone before the page (re)loaded: their open queue, else their single call not yet
 * ended. Null when nothing.
 */
export async function fetchOpenSession(
  workspaceId: number,
  userId: number,
): Promise<{ row: BatchCall } | { call: OpportunityCall } | null> {
  const rows = await http.get<{ data: BatchCall[] }>(`/workspaces/${workspaceId}/batch-calls`);
  const row = rows.data.find((r) => r.status === 'Running' || r.status === 'Paused');
  if (row) return { row };
  const calls = await http.get<{ data: OpportunityCall[] }>(`/workspaces/${workspaceId}/opportunity-calls`, {
    query: { active: true, user_id: userId, limit: 1 },
  });
  const call = calls.data.find((c) => c.batch_call_id === null);
  return call ? { call } : null;
}

/** Which telephony places the workspace's calls, and where a SIP phone registers. */
export const fetchTelephony = (workspaceId: number) =>
  http.get<Telephony>(`/workspaces/${workspaceId}/telephony`);

/** The signed-in member's SIP account in the workspace (their own record is the only one with the password). */
export const fetchSipAccount = (workspaceId: number, userId: number) =>
  http.get<{ voip_username: string | null; voip_password: string | null }>(
    `/workspaces/${workspaceId}/users/${userId}`,
  );
