import type { Notification } from '@vendaval/core/schemas/notifications';
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target.ts';

const notification = (data: Partial<Notification['data']>): Notification => ({
  id: 1,
  workspace_id: 7,
  kind: 'message',
  read: false,
  created_at: '2026-01-01T10:00:00.000Z',
  data: {
    title: 't',
    body: 'b',
    origin: 'Opportunity',
    id: '42',
    opportunity_id: 42,
    filename: null,
    ...data,
  },
});

describe('notificationTarget', () => {
  it('PLAT-183 Opportunity, Dialog and Task lead to the card, its chat and its agenda', () => {
    expect(notificationTarget(notification({ origin: 'Opportunity' }))).toEqual({
      kind: 'card',
      workspaceId: 7,
      opportunityId: 42,
    });
    expect(notificationTarget(notification({ origin: 'Dialog', id: '9' }))).toEqual({
      kind: 'card',
      workspaceId: 7,
      opportunityId: 42,
      tab: 'chat',
    });
    expect(notificationTarget(notification({ origin: 'Task', id: '5' }))).toEqual({
      kind: 'page',
      workspaceId: 7,
      path: '/calendar?parent_id=42&opportunity=%2342',
    });
  });

  it('PLAT-184 the job origins download their file from the workspace', () => {
    expect(
      notificationTarget(notification({ origin: 'LeadImportJob', id: '3', opportunity_id: null })),
    ).toEqual({
      kind: 'download',
      path: '/workspaces/7/opportunities/upload/3/report',
    });
    const exportId = '0b7c1b6e-7f43-4c6c-9f43-1a2b3c4d5e6f';
    for (const origin of ['ExportContactBatchJob', 'ExportPdcaJob']) {
      expect(notificationTarget(notification({ origin, id: exportId, opportunity_id: null }))).toEqual({
        kind: 'download',
        path: `/workspaces/7/exports/${exportId}/download`,
      });
    }
  });

  it('PLAT-185 an unknown origin, or one without what it needs, cannot be followed', () => {
    expect(notificationTarget(notification({ origin: 'Contract' }))).toEqual({ kind: 'unroutable' });
    expect(notificationTarget(notification({ origin: 'Dialog', opportunity_id: null }))).toEqual({
      kind: 'unroutable',
    });
    expect(notificationTarget(notification({ origin: 'LeadImportJob', id: 'x' }))).toEqual({
      kind: 'unroutable',
    });
  });
});
