/** The signed-in user's notifications and settings belong to no workspace: their keys start with 'user'. */
export const notificationsKey = ['user', 'notifications'] as const;
export const userSettingsKey = ['user', 'settings'] as const;
