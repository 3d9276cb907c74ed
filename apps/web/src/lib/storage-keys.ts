/** Every key the app keeps in the browser's localStorage. */
export const STORAGE_KEYS = {
  token: 'vendaval.token',
  user: 'vendaval.user',
  workspace: 'vendaval.workspace',
  skin: 'vendaval.skin',
  spinner: 'vendaval.spinner',
  newsSeen: 'vendaval.news-seen',
} as const;
