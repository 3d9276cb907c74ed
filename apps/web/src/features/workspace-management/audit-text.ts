import { ADMIN_LIST_LABELS, AUDIT_LOG_TYPE_TITLES } from '@vendaval/core/constants';
import type { LogEntry } from '@vendaval/core/schemas/workspaces';
import { BRAND_IMAGE_LABELS } from './components/brand-images.tsx';

type RoleLabel = (role: string) => string;

const SETTING_LABELS: Readonly<Record<string, string>> = {
  require_task_for_stage_change: 'Exigir tarefa para mudar de etapa',
  keep_filters: 'Manter filtros por padrão',
  responsible_check: "Campo 'Não é aluno?'",
  distribution: 'Distribuição',
  distribution_user_id: 'Usuário da distribuição',
  calendar_actions: 'Ações do Calendário',
};
const ENROLLMENT_LABELS: Readonly<Record<string, string>> = {
  won_on_payment: 'Marcar como ganho quando a matrícula for paga',
  asaas_api_key: 'Chave da API do Asaas',
  asaas_webhook_token: 'Token do webhook do Asaas',
};
/** Set, replaced, removed: the key is feminine in Portuguese, the token masculine. */
const SECRET_ACTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  asaas_api_key: { set: 'definida', replaced: 'trocada', removed: 'removida' },
  asaas_webhook_token: { set: 'definido', replaced: 'trocado', removed: 'removido' },
};
const DISTRIBUTIONS: Readonly<Record<string, string>> = {
  round_robin: 'Rodízio',
  fixed_user: 'Sempre o mesmo usuário',
};
const BRAND_LABELS: Readonly<Record<string, string>> = {
  name: 'Nome',
  subtitle: 'Subtítulo',
  palette: 'Cor',
  gradient: 'Degradê',
  terms: 'Termo',
  dashboard_titles: 'Títulos do painel',
  faq_videos: 'Vídeos de ajuda',
};
const BRAND_PARTS: Readonly<Record<string, string>> = {
  primary: 'primária',
  secondary: 'secundária',
  nav: 'menu',
  button: 'botões',
  login_only: 'só no login',
  won_term: 'ganho',
  lost_term: 'perda',
  product_term: 'produto',
  price_term: 'valor',
  concluded_term: 'concluído',
  sales_rep_term: 'atendente',
  service_tab: 'aba de atendimento',
  ranking_tab: 'aba de ranking',
  charts: 'gráficos',
};

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);
const yesNo = (value: unknown) => (value === true ? 'Sim' : value === false ? 'Não' : '—');
const names = (value: unknown) => (value ?? {}) as Record<string, string>;

/** One setting's value in words; users and actions are named by the log itself. */
function settingValue(key: string, value: unknown, data: Record<string, unknown>): string {
  switch (key) {
    case 'distribution':
      return DISTRIBUTIONS[String(value)] ?? String(value);
    case 'distribution_user_id':
      return value === null ? '—' : (names(data.users)[String(value)] ?? `#${value}`);
    case 'responsible_check':
      return value === null ? 'Padrão da plataforma' : value ? 'Exibir' : 'Não exibir';
    case 'calendar_actions': {
      const ids = Array.isArray(value) ? value : [];
      return ids.length === 0
        ? 'Todas'
        : ids.map((id) => names(data.actions)[String(id)] ?? `#${id}`).join(', ');
    }
    default:
      return yesNo(value);
  }
}

/** 'Cor (primária)', 'Termo (ganho)', 'Logo (fundo claro)': the brand field a change touched, then its part. */
/** 'Marcar como ganho…: Não → Sim'; of a secret only that it was set, replaced or removed. */
function enrollmentChange(change: Record<string, unknown>): string {
  const field = String(change.field);
  const label = ENROLLMENT_LABELS[field] ?? field;
  if (typeof change.action === 'string')
    return `${label}: ${SECRET_ACTIONS[field]?.[change.action] ?? change.action}`;
  return `${label}: ${change.from ? 'Sim' : 'Não'} → ${change.to ? 'Sim' : 'Não'}`;
}

function brandField(field: string): string {
  const [head = field, part] = field.split('.');
  if (head === 'images') return BRAND_IMAGE_LABELS[part as keyof typeof BRAND_IMAGE_LABELS] ?? field;
  const label = BRAND_LABELS[head] ?? head;
  return part ? `${label} (${BRAND_PARTS[part] ?? part})` : label;
}

function brandValue(field: string, value: unknown): string {
  if (value === null || value === undefined) return 'padrão';
  if (field.startsWith('images.')) return 'imagem enviada';
  if (typeof value === 'boolean') return yesNo(value);
  if (field === 'faq_videos' && Array.isArray(value))
    return value.map((video) => `${video.title} (${video.path})`).join(', ') || 'nenhum';
  if (Array.isArray(value)) return value.join(', ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/** Shown for a type this client does not know yet (a newer server): never the type's own English name. */
export const UNKNOWN_AUDIT_TITLE = 'Alteração registrada';

/** The audit row's event name. */
export function auditTitle(entry: Pick<LogEntry, 'type'>): string {
  return (AUDIT_LOG_TYPE_TITLES as Readonly<Record<string, string>>)[entry.type] ?? UNKNOWN_AUDIT_TITLE;
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
      // In the form's order: the stored log does not keep the order its keys were written in.
      const known = Object.keys(SETTING_LABELS);
      const changed = [...known, ...Object.keys(after).filter((key) => !known.includes(key))].filter(
        (key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]),
      );
      const value = (key: string, side: unknown) => settingValue(key, side, data);
      return (
        changed
          .map(
            (key) => `${SETTING_LABELS[key] ?? key}: ${value(key, before[key])} → ${value(key, after[key])}`,
          )
          .join('; ') || null
      );
    }
    case 'EnrollmentSettingsUpdated': {
      const changes = Array.isArray(data.changes) ? (data.changes as Record<string, unknown>[]) : [];
      return changes.map((c) => enrollmentChange(c)).join('; ') || null;
    }
    case 'BrandUpdated': {
      const changes = Array.isArray(data.changes) ? (data.changes as Record<string, unknown>[]) : [];
      return (
        changes
          .map((c) => {
            const field = String(c.field);
            return `${brandField(field)}: ${brandValue(field, c.from)} → ${brandValue(field, c.to)}`;
          })
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
    case 'ListItemCreated':
    case 'ListItemUpdated':
    case 'ListItemDeleted': {
      const list = (ADMIN_LIST_LABELS as Readonly<Record<string, string>>)[String(data.list)];
      return [list, text(data.name)].filter(Boolean).join(': ') || null;
    }
    case 'SalesStageCreated':
    case 'SalesStageUpdated':
    case 'SalesStageDeleted':
      return text(data.name);
    case 'UserAdded':
    case 'UserJoined': {
      const role = text(data.role);
      return role ? `Como ${roleLabel(role)}` : null;
    }
    case 'ApiClientCreated': {
      const role = text(data.role);
      return [text(data.name), role && roleLabel(role)].filter(Boolean).join(' — ') || null;
    }
    case 'ApiClientRotated':
    case 'ApiClientRevoked':
      return text(data.name);
    default:
      return null;
  }
}
