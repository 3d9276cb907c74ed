/** The bots the templates screen lists; their templates live under the chat's key of each bot. */
export const templateBotsKey = (workspaceId: number | null) => [workspaceId, 'bots', 'templates'] as const;

/** Every template of a bot, whatever Meta's status: under the bot's 'meta-templates' key, so a sync refreshes it. */
export const botTemplatesKey = (workspaceId: number | null, botId: number) =>
  [workspaceId, 'bots', botId, 'meta-templates', 'all'] as const;
