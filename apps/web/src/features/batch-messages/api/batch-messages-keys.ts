/** Every query of the batch messages starts with this key. */
export const batchMessagesKey = (workspaceId: number | null) => [workspaceId, 'batch-messages'] as const;
