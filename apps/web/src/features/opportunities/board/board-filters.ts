import {
  ANSWERING_FILTERS,
  type AnsweringFilter,
  type CallDurationClass,
  DEFAULT_OPPORTUNITY_DATE_TYPE,
  OPPORTUNITY_DATE_TYPES,
  type OpportunityDateType,
  type SourceType,
  type StateCode,
} from '@vendaval/core/constants';
import { defaultDateRangeFrom } from '@vendaval/core/permissions';
import type { Query } from '../../../lib/http.ts';

/** The board's part of the opportunity filter state (platform.md §3) that the list API understands. */
export type BoardFilters = {
  /** Which date the period applies to; 'voip' is the date of the card's calls. */
  timestamp_attribute: OpportunityDateType;
  /** ISO instant (the role's default range) or 'YYYY-MM-DD' chosen in the calendar; null: no bound. */
  start_timestamp: string | null;
  end_timestamp: string | null;
  user_id: number[];
  /** Only these stages' columns (a chart's bar opened the board on them); empty: every stage. */
  sales_stage_id: number[];
  product_id: number[];
  campaign_id: number[];
  media_id: number[];
  source_type: SourceType[];
  closed_type: number[];
  tags: number[];
  /** Public ids of the marketing forms the cards came from. */
  forms: string[];
  opportunity_type_id: number[];
  state_code: StateCode[];
  city_name: string;
  /** Qualification in points (stars × 20); null: any. */
  probability: number | null;
  no_interaction: boolean;
  idle_only: boolean;
  has_user: boolean;
  has_product: boolean;
  has_campaign: boolean;
  has_city_name: boolean;
  has_state_code: boolean;
  has_generator: boolean;
  is_blacklisted: boolean;
  /** Called (true) or never called (false); null: either. */
  has_call: boolean | null;
  call_answering: AnsweringFilter | null;
  call_duration: CallDurationClass[];
};

export const BOOLEAN_FILTERS = [
  'no_interaction',
  'idle_only',
  'has_user',
  'has_product',
  'has_campaign',
  'has_city_name',
  'has_state_code',
  'has_generator',
  'is_blacklisted',
] as const satisfies readonly (keyof BoardFilters)[];
export type BooleanFilter = (typeof BOOLEAN_FILTERS)[number];

/** Entering the board: everything open, updated within the role's default range (platform.md §6). */
export function defaultBoardFilters(role: string, now: Date = new Date()): BoardFilters {
  return {
    timestamp_attribute: DEFAULT_OPPORTUNITY_DATE_TYPE,
    start_timestamp: defaultDateRangeFrom(role, now).start.toISOString(),
    end_timestamp: null,
    user_id: [],
    sales_stage_id: [],
    product_id: [],
    campaign_id: [],
    media_id: [],
    source_type: [],
    closed_type: [],
    tags: [],
    forms: [],
    opportunity_type_id: [],
    state_code: [],
    city_name: '',
    probability: null,
    no_interaction: false,
    idle_only: false,
    has_user: false,
    has_product: false,
    has_campaign: false,
    has_city_name: false,
    has_state_code: false,
    has_generator: false,
    is_blacklisted: false,
    has_call: null,
    call_answering: null,
    call_duration: [],
  };
}

/** Fields the date range is made of: always set, so they never count as active. */
const RANGE_FIELDS: readonly (keyof BoardFilters)[] = [
  'timestamp_attribute',
  'start_timestamp',
  'end_timestamp',
];

/** Fields with a choice of options, null when none is chosen. */
const CHOICE_FIELDS: readonly (keyof BoardFilters)[] = ['has_call', 'call_answering'];

/**
 * How many filters narrow the board (platform.md §4): a switched-on boolean, a chosen option, a non-empty list, a
 * number (the probability) and a typed city each count once; the date range does not.
 */
export function countActiveFilters(filters: BoardFilters): number {
  return Object.entries(filters).filter(([key, value]) => {
    if (RANGE_FIELDS.includes(key as keyof BoardFilters)) return false;
    if (CHOICE_FIELDS.includes(key as keyof BoardFilters)) return value !== null;
    if (typeof value === 'boolean') return value;
    if (Array.isArray(value)) return value.length > 0;
    if (typeof value === 'number') return Number.isFinite(value);
    return typeof value === 'string' && value.trim() !== '';
  }).length;
}

/**
 * The list/summary query for these filters and search; empty lists, unchosen options and switched-off booleans are
 * left out. The 'voip' date type sends the period as the calls' period.
 */
export function boardQuery(filters: BoardFilters, search: string): Query {
  const { timestamp_attribute, start_timestamp, end_timestamp } = filters;
  const period =
    timestamp_attribute === 'voip'
      ? { call_start_timestamp: start_timestamp, call_end_timestamp: end_timestamp }
      : { timestamp_attribute, start_timestamp, end_timestamp };
  const query: Query = {
    ...period,
    user_id: filters.user_id,
    sales_stage_id: filters.sales_stage_id,
    product_id: filters.product_id,
    campaign_id: filters.campaign_id,
    media_id: filters.media_id,
    source_type: filters.source_type,
    closed_type: filters.closed_type,
    tags: filters.tags,
    forms: filters.forms,
    opportunity_type_id: filters.opportunity_type_id,
    state_code: filters.state_code,
    probability: filters.probability === null ? undefined : [filters.probability],
    city_name: filters.city_name.trim() || undefined,
    has_call: filters.has_call,
    call_answering: filters.call_answering,
    call_duration: filters.call_duration,
    search: search.trim() || undefined,
  };
  for (const key of BOOLEAN_FILTERS) if (filters[key]) query[key] = true;
  // Undefined and empty values would still change the cache key; drop them.
  return Object.fromEntries(
    Object.entries(query).filter(
      ([, v]) => v !== undefined && v !== null && !(Array.isArray(v) && !v.length),
    ),
  );
}

const OPTIONS: Readonly<Record<string, readonly unknown[]>> = {
  timestamp_attribute: OPPORTUNITY_DATE_TYPES,
  call_answering: [null, ...ANSWERING_FILTERS],
};
const TEXT_LISTS: readonly string[] = ['source_type', 'state_code', 'forms', 'call_duration'];
const NULLABLE: Readonly<Record<string, 'string' | 'number' | 'boolean'>> = {
  start_timestamp: 'string',
  end_timestamp: 'string',
  probability: 'number',
  has_call: 'boolean',
};

function isValid(key: string, value: unknown, fallback: unknown): boolean {
  const options = OPTIONS[key];
  if (options) return options.includes(value);
  if (key in NULLABLE) return value === null || typeof value === NULLABLE[key];
  if (Array.isArray(fallback)) {
    const item = TEXT_LISTS.includes(key) ? 'string' : 'number';
    return Array.isArray(value) && value.every((v) => typeof v === item);
  }
  return typeof value === typeof fallback;
}

/** Stored filters of an older version or edited by hand: only values of the right kind are kept. */
export function sanitizeFilters(stored: unknown, defaults: BoardFilters): BoardFilters {
  if (typeof stored !== 'object' || stored === null) return defaults;
  const source = stored as Record<string, unknown>;
  const result: Record<string, unknown> = { ...defaults };
  for (const [key, fallback] of Object.entries(defaults)) {
    if (isValid(key, source[key], fallback)) result[key] = source[key];
  }
  return result as BoardFilters;
}
