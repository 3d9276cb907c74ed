/** Every contact query of a workspace starts with this key. */
export const contactsKey = (workspaceId: number | null) => [workspaceId, 'contacts'] as const;
