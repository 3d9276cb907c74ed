import { USER_LOG_TYPE_TITLES, WORKSPACE_LOG_TYPE_TITLES } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';

type RoleLabel = (role: string) => string;

const SETTING_LABELS: Readonly<Record<string, string>> = {
  require_task_for_stage_change: 'Exigir tarefa para mudar de etapa',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const yesNo = (value: unknown) => (value === true ? 'Sim' : value === false ? 'Não' : '—');

/** The audit row's event name; an unknown type is shown as it is. */
export function auditTitle(entry: Pick<LogEntry, 'type'>): string {
  return (
    WORKSPACE_LOG_TYPE_TITLES[entry.type] ??
    (USER_LOG_TYPE_TITLES as Readonly<Record<string, string>>)[entry.type] ??
    entry.type
  );
}

/** What changed, in words: 'Atendente → Gerente', 'Escola A → Escola B', 'Exigir tarefa…: Sim → Não'. */
export function auditDetail(entry: Pick<LogEntry, 'type' | 'data'>, roleLabel: RoleLabel): string | null {
  const { data } = entry;
  switch (entry.type) {
    case 'WorkspaceCreated':
      return text(data.name);
    case 'WorkspaceRenamed':
      return `${text(data.from) ?? '—'} → ${text(data.to) ?? '—'}`;
    case 'WorkspaceSettingsUpdated': {
      const before = (data.before ?? {}) as Record<string, unknown>;
      const after = (data.after ?? {}) as Record<string, unknown>;
      const changed = Object.keys(after).filter((key) => before[key] !== after[key]);
      return (
        changed
          .map((key) => `${SETTING_LABELS[key] ?? key}: ${yesNo(before[key])} → ${yesNo(after[key])}`)
          .join('; ') || null
      );
    }
    case 'UserRoleUpdated': {
      const from = text(data.from);
      const to = text(data.to);
      return from && to ? `${roleLabel(from)} → ${roleLabel(to)}` : null;
    }
    case 'UserInvited':
      return text(data.email);
    case 'UserAdded':
    case 'UserJoined': {
      const role = text(data.role);
      return role ? `Como ${roleLabel(role)}` : null;
    }
    default:
      return null;
  }
}
