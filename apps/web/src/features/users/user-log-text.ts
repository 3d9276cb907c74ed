import { isUserLogType, USER_LOG_TYPE_TITLES } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';

type RoleLabel = (role: string) => string;

const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  operational_status: 'Status operacional',
  voip_username: 'Usuário da telefonia',
  voip_password: 'Senha da telefonia',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

/** The timeline title of a history entry: 'Função alterada: Atendente → Gerente'. */
export function userLogTitle(entry: Pick<LogEntry, 'type' | 'data'>, roleLabel: RoleLabel): string {
  if (!isUserLogType(entry.type)) return 'Registro';
  const title = USER_LOG_TYPE_TITLES[entry.type];
  if (entry.type === 'UserRoleUpdated') {
    const from = text(entry.data.from);
    const to = text(entry.data.to);
    if (from && to) return `${title}: ${roleLabel(from)} → ${roleLabel(to)}`;
  }
  return title;
}

/** A line under the title when the entry carries more than its type says. */
export function userLogDetail(entry: Pick<LogEntry, 'type' | 'data'>, roleLabel: RoleLabel): string | null {
  const role = text(entry.data.role);
  switch (entry.type) {
    case 'UserInvited': {
      const email = text(entry.data.email);
      if (!email) return null;
      return role ? `${email} como ${roleLabel(role)}` : email;
    }
    case 'UserJoined':
    case 'UserAdded':
      return role ? `Como ${roleLabel(role)}` : null;
    case 'UserUpdated': {
      const fields = Array.isArray(entry.data.fields)
        ? entry.data.fields.filter((f) => typeof f === 'string')
        : [];
      return fields.length ? `Alterado: ${fields.map((f) => FIELD_LABELS[f] ?? f).join(', ')}` : null;
    }
    default:
      return null;
  }
}
