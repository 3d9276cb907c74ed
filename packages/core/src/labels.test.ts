import { describe, expect, it } from 'vitest';
import {
  ADMIN_LIST_LABELS,
  ADMIN_LISTS,
  ANSWERING_FILTER_LABELS,
  ANSWERING_FILTERS,
  AUDIT_LOG_TYPE_TITLES,
  AUDIT_LOG_TYPES,
  CALL_DURATION_CLASS_LABELS,
  CALL_DURATION_CLASSES,
  CONTRACT_PAYMENT_STATUS_LABELS,
  CONTRACT_PAYMENT_STATUSES,
  LOG_TYPE_TITLES,
  LOG_TYPES,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  OPERATIONAL_STATUS_LABELS,
  OPERATIONAL_STATUSES,
  OPPORTUNITY_DATE_TYPE_LABELS,
  OPPORTUNITY_DATE_TYPES,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPES,
  STAGE_TYPE_LABELS,
  STAGE_TYPES,
  TASK_SORT_FIELDS,
  TASK_SORT_LABELS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  USER_LOG_TYPE_TITLES,
  USER_LOG_TYPES,
} from './constants.ts';
import { ALL_ROLES, ROLE_LABELS } from './roles.ts';
import { BATCH_MESSAGE_STATUS_LABELS, BATCH_MESSAGE_STATUSES } from './schemas/batch-messages.ts';
import { LEAD_IMPORT_STATUS_LABELS, LEAD_IMPORT_STATUSES } from './schemas/lead-import.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS } from './schemas/webhooks.ts';

/** Every event, log entry and enum value a screen shows, with the labels it is shown by. */
const SHOWN: [string, readonly (string | number)[], Readonly<Record<string, string>>][] = [
  ['audit log (Auditoria)', AUDIT_LOG_TYPES, AUDIT_LOG_TYPE_TITLES],
  ["member's history", USER_LOG_TYPES, USER_LOG_TYPE_TITLES],
  ["card's history", LOG_TYPES, LOG_TYPE_TITLES],
  ['admin lists', ADMIN_LISTS, ADMIN_LIST_LABELS],
  ['stage types', STAGE_TYPES, STAGE_TYPE_LABELS],
  ['sources', SOURCE_TYPES, SOURCE_TYPE_LABELS],
  ['media types', MEDIA_TYPES, MEDIA_TYPE_LABELS],
  ['operational statuses', OPERATIONAL_STATUSES, OPERATIONAL_STATUS_LABELS],
  ['contract payments', CONTRACT_PAYMENT_STATUSES, CONTRACT_PAYMENT_STATUS_LABELS],
  ['task statuses', TASK_STATUSES, TASK_STATUS_LABELS],
  ['task sorting', TASK_SORT_FIELDS, TASK_SORT_LABELS],
  ['card date filters', OPPORTUNITY_DATE_TYPES, OPPORTUNITY_DATE_TYPE_LABELS],
  ['card answering filters', ANSWERING_FILTERS, ANSWERING_FILTER_LABELS],
  ['call lengths', CALL_DURATION_CLASSES, CALL_DURATION_CLASS_LABELS],
  ['roles', ALL_ROLES, ROLE_LABELS],
  ['batch messages', BATCH_MESSAGE_STATUSES, BATCH_MESSAGE_STATUS_LABELS],
  ['lead imports', LEAD_IMPORT_STATUSES, LEAD_IMPORT_STATUS_LABELS],
  ['webhook events', WEBHOOK_EVENTS, WEBHOOK_EVENT_LABELS],
];

// A code such as ListItemCreated, round_robin or opportunity.created, not words ('Google' or 'Offline' may stay).
const CODE_LIKE = /^[A-Za-z]+[a-z][A-Z]\w*$|^[a-z]+[_.][a-z_.]+$/;

describe('pt-BR labels', () => {
  for (const [screen, values, labels] of SHOWN) {
    it(`every value of ${screen} has a pt-BR label, never a code`, () => {
      for (const value of values) {
        const label = labels[value];
        expect(label, `${screen}: ${value}`).toBeTruthy();
        expect(label, `${screen}: ${value}`).not.toMatch(CODE_LIKE);
      }
    });
  }
});
