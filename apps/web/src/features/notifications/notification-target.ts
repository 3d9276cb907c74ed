import type { Notification } from '@vendaval/core/schemas/notifications';
import { cardAgendaPath } from '../../lib/agenda-link.ts';

/** Where a click on a notification leads (platform.md §4). */
export type NotificationTarget =
  | { kind: 'card'; workspaceId: number; opportunityId: number; tab?: 'chat' }
  | { kind: 'page'; workspaceId: number; path: string }
  | { kind: 'download'; path: string }
  | { kind: 'unroutable' };

const positiveId = (value: string | number | null) => {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 ? id : null;
};

export function notificationTarget(notification: Notification): NotificationTarget {
  const { data, workspace_id: workspaceId } = notification;
  const workspace = `/workspaces/${workspaceId}`;
  const cardId = positiveId(data.opportunity_id);
  switch (data.origin) {
    case 'Opportunity':
      return cardId ? { kind: 'card', workspaceId, opportunityId: cardId } : { kind: 'unroutable' };
    case 'Dialog':
      return cardId
        ? { kind: 'card', workspaceId, opportunityId: cardId, tab: 'chat' }
        : { kind: 'unroutable' };
    case 'Task':
      return cardId
        ? { kind: 'page', workspaceId, path: cardAgendaPath({ id: cardId, name: `#${cardId}` }) }
        : { kind: 'unroutable' };
    case 'LeadImportJob': {
      const id = positiveId(data.id);
      return id
        ? { kind: 'download', path: `${workspace}/opportunities/upload/${id}/report` }
        : { kind: 'unroutable' };
    }
    case 'ExportContactBatchJob':
    case 'ExportPdcaJob':
      return data.id
        ? { kind: 'download', path: `${workspace}/exports/${encodeURIComponent(data.id)}/download` }
        : { kind: 'unroutable' };
    default:
      return { kind: 'unroutable' };
  }
}
