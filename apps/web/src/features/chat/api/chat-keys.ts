/**
 * Query keys of the chat. The workspace's event stream invalidates messagesKey on a new message, so the
 * polled head and the older pages of a room both start with it.
 */
export const dialogKey = (workspaceId: number | null, dialogId: number) =>
  [workspaceId, 'dialogs', dialogId] as const;
export const messagesKey = (workspaceId: number | null, dialogId: number) =>
  [...dialogKey(workspaceId, dialogId), 'messages'] as const;
/** Under the rooms' key, so the stream's room changes refresh the card's older rooms too. */
export const cardRoomsKey = (workspaceId: number | null, opportunityId: number) =>
  [workspaceId, 'dialogs', 'of-card', opportunityId] as const;
export const botsKey = (workspaceId: number | null) => [workspaceId, 'bots'] as const;
export const templatesKey = (workspaceId: number | null, botId: number) =>
  [...botsKey(workspaceId), botId, 'meta-templates'] as const;
export const quickAnswersKey = (workspaceId: number | null) =>
  [workspaceId, 'quick-answers', 'chat'] as const;
