import type { Query } from '../../lib/http.ts';

/** The omnichannel filter (platform.md §3). Dates are 'YYYY-MM-DD' (a whole day) or null for no bound. */
export type OmnichannelFilters = {
  start_timestamp: string | null;
  end_timestamp: string | null;
  user_id: number[];
  /** The only date the list filters on: the most recent message ('Mensagem mais recente'). */
  dateType: 'last_message_at';
  has_chat: boolean;
  sales_stage_id: number[];
};

export const OMNI_DATE_TYPE_LABEL = 'Mensagem mais recente';

export function defaultOmnichannelFilters(): OmnichannelFilters {
  return {
    start_timestamp: null,
    end_timestamp: null,
    user_id: [],
    dateType: 'last_message_at',
    has_chat: true,
    sales_stage_id: [],
  };
}

const isDay = (v: unknown) => v === null || (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v));
const isIds = (v: unknown) => Array.isArray(v) && v.every((id) => Number.isInteger(id) && id > 0);

const VALID: Record<keyof OmnichannelFilters, (v: unknown) => boolean> = {
  start_timestamp: isDay,
  end_timestamp: isDay,
  user_id: isIds,
  dateType: (v) => v === 'last_message_at',
  has_chat: (v) => typeof v === 'boolean',
  sales_stage_id: isIds,
};

/** Stored filters of an older version or edited by hand: only values of the right kind are kept. */
export function sanitizeOmnichannelFilters(
  stored: unknown,
  defaults: OmnichannelFilters,
): OmnichannelFilters {
  if (typeof stored !== 'object' || stored === null) return defaults;
  const source = stored as Record<string, unknown>;
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(VALID) as (keyof OmnichannelFilters)[]) {
    if (VALID[key](source[key])) result[key] = source[key];
  }
  return result as OmnichannelFilters;
}

/** Whether anything narrows the list beyond the defaults. */
export const isOmnichannelFilterActive = (f: OmnichannelFilters) =>
  Boolean(f.start_timestamp || f.end_timestamp || f.user_id.length || f.sales_stage_id.length || !f.has_chat);

/** The query of GET /dialogs. */
export function omnichannelQuery(f: OmnichannelFilters, search: string): Query {
  return {
    start_timestamp: f.start_timestamp ?? undefined,
    end_timestamp: f.end_timestamp ?? undefined,
    user_id: f.user_id,
    sales_stage_id: f.sales_stage_id,
    dateType: f.dateType,
    has_chat: String(f.has_chat),
    search: search.trim() || undefined,
  };
}
