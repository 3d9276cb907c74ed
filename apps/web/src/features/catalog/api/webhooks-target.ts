/** Whose webhooks a panel shows: a workspace's, or (for its admins) the platform's, which take every workspace's events. */
export interface WebhooksTarget {
  /** The query key every read and write of these webhooks starts with. */
  key: readonly unknown[];
  /** The API path of the list, e.g. /workspaces/3/webhooks. */
  base: string;
  /** Only a workspace webhook's secret is rotated; a platform webhook is made again. */
  rotates: boolean;
}

export const workspaceWebhooks = (workspaceId: number): WebhooksTarget => ({
  key: [workspaceId, 'webhooks'],
  base: `/workspaces/${workspaceId}/webhooks`,
  rotates: true,
});

export const platformWebhooks = (platformId: number): WebhooksTarget => ({
  key: ['platform', platformId, 'webhooks'],
  base: `/platforms/${platformId}/webhooks`,
  rotates: false,
});
