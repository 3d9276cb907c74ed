import { dialogsKey } from '../../../lib/realtime.ts';

/** Under the chat's key, so every message event of the workspace refreshes the simulated phone too. */
export const simulatorKey = (workspaceId: number | null, botId: number | null, phone: string) =>
  [...dialogsKey(workspaceId), 'simulator', botId, phone] as const;
