import type { ApiErrorBody } from '@vendaval/core/messages';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_TRIGGER_LABELS,
  type AutomationAction,
  type AutomationTrigger,
} from '@vendaval/core/schemas/automations';

/** A node of the flow: the trigger, the conditions, or an action by its position. */
export type NodeKey = 'trigger' | 'conditions' | number;
/** Server messages by field path ("definition.actions.0.stage_id"). */
export type FieldErrors = Readonly<Record<string, string>>;

export const nodePath = (node: NodeKey) =>
  typeof node === 'number' ? `definition.actions.${node}` : `definition.${node}`;

/** The field errors of a refused save, keyed by their path. */
export function fieldErrorsOf(body: ApiErrorBody | undefined): Record<string, string> {
  const found: Record<string, string> = {};
  for (const error of body?.errors ?? []) {
    if (error.field && error.description) found[error.field] = error.description;
  }
  return found;
}

/** The node a field path belongs to; null for the name or the whole definition. */
export function nodeOfPath(path: string): NodeKey | null {
  const action = /^definition\.actions\.(\d+)(\.|$)/.exec(path);
  if (action) return Number(action[1]);
  if (path.startsWith('definition.trigger')) return 'trigger';
  if (path.startsWith('definition.conditions')) return 'conditions';
  return null;
}

/** The messages that land on one node. */
export function nodeErrors(errors: FieldErrors, node: NodeKey): string[] {
  return Object.entries(errors)
    .filter(([path]) => nodeOfPath(path) === node)
    .map(([, message]) => message);
}

export const triggerTitle = (trigger: AutomationTrigger) => AUTOMATION_TRIGGER_LABELS[trigger.type];
export const actionTitle = (action: AutomationAction, index: number) =>
  `${index + 1}. ${AUTOMATION_ACTION_LABELS[action.type]}`;
