import { MESSAGES } from '@vendaval/core/messages';
import type { DbOrTx } from '../../infra/db.ts';
import type { AutomationEvents } from '../automations/automations.events.ts';
import type { ChatEvents } from '../chat/chat.events.ts';
import type { ExportEvents } from '../exports/exports.events.ts';
import { importReportName, type LeadImportEvents } from '../lead-import/lead-import.events.ts';
import type { CardEvents } from '../opportunities/opportunities.events.ts';
import { roomTakers, workspaceManagers } from './notifications.queries.ts';
import { type Notifier, notify } from './notifications.service.ts';

// Notifications are made here only, by listening to what the other features tell: each one lands in the
// transaction of its cause.

/** A contact wrote: the room's attendant is told; in a room nobody attends, everyone who may take it. */
const onMessage = (notifier: Notifier) => async (tx: DbOrTx, e: ChatEvents['message.received']) => {
  const userIds = e.dialog.userId !== null ? [e.dialog.userId] : await roomTakers(tx, e.scope);
  await notify(tx, notifier, {
    scope: e.scope,
    userIds,
    kind: 'message',
    origin: 'Dialog',
    originId: e.dialog.id,
    opportunityId: e.dialog.opportunityId,
    title: MESSAGES.notificationNewMessage(e.contactName),
    body: e.text ?? MESSAGES.notificationFileMessage,
  });
};

const onAssigned = (notifier: Notifier) => async (tx: DbOrTx, e: CardEvents['card.assigned']) => {
  await notify(tx, notifier, {
    scope: e.scope,
    userIds: [e.userId],
    kind: 'assignment',
    origin: 'Opportunity',
    originId: e.card.id,
    opportunityId: e.card.id,
    title: e.transferred ? MESSAGES.notificationCardTransferred : MESSAGES.notificationCardAssigned,
    body: e.card.name,
  });
};

const onImportFinished =
  (notifier: Notifier) => async (tx: DbOrTx, e: LeadImportEvents['lead-import.finished']) => {
    if (e.userId === null) return;
    const done = e.status === 'done';
    await notify(tx, notifier, {
      scope: e.scope,
      userIds: [e.userId],
      kind: 'job',
      origin: 'LeadImportJob',
      originId: e.importId,
      opportunityId: null,
      title: done ? MESSAGES.notificationImportDone : MESSAGES.notificationImportFailed,
      body: MESSAGES.notificationImportBody(e.created, e.failed),
      filename: importReportName(e.importId),
      causeKey: `lead-import:${e.importId}`,
    });
  };

/** An export's notification downloads its file by the export's id; the PDCA's has an origin of its own. */
const onExportFinished = (notifier: Notifier) => async (tx: DbOrTx, e: ExportEvents['export.finished']) => {
  const done = e.status === 'done';
  await notify(tx, notifier, {
    scope: e.scope,
    userIds: [e.userId],
    kind: 'job',
    origin: e.kind === 'pdca' ? 'ExportPdcaJob' : 'ExportContactBatchJob',
    originId: e.exportId,
    opportunityId: null,
    title: done ? MESSAGES.notificationExportDone : MESSAGES.notificationExportFailed,
    body: done ? MESSAGES.notificationExportBody(e.filename) : MESSAGES.notificationExportFailedBody,
    filename: done ? e.filename : null,
    causeKey: `export:${e.exportId}`,
  });
};

/** An automation's "notify users" step: the card's rep, the managers or the members it names. */
const onAutomationNotify =
  (notifier: Notifier) => async (tx: DbOrTx, e: AutomationEvents['automation.notify']) => {
    const userIds =
      e.to === 'rep'
        ? e.card.userId === null
          ? []
          : [e.card.userId]
        : e.to === 'managers'
          ? await workspaceManagers(tx, e.scope)
          : e.userIds;
    await notify(tx, notifier, {
      scope: e.scope,
      userIds,
      kind: 'automation',
      origin: 'Opportunity',
      originId: e.card.id,
      opportunityId: e.card.id,
      title: MESSAGES.notificationAutomation(e.automation.name),
      body: `${e.card.name}: ${e.message}`,
      causeKey: `automation:${e.stepKey}`,
    });
  };

export function listenForNotifications(notifier: Notifier) {
  const { events } = notifier;
  events.on('message.received', onMessage(notifier));
  events.on('card.assigned', onAssigned(notifier));
  events.on('lead-import.finished', onImportFinished(notifier));
  events.on('export.finished', onExportFinished(notifier));
  events.on('automation.notify', onAutomationNotify(notifier));
}
