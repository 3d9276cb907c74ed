import {
  CONTRACT_PAYMENT_STATUS_LABELS,
  type ContractPaymentStatus,
  isTaskLogType,
  probabilityToStars,
  qualificationLabel,
  STAR_COUNT,
  TASK_STATUS_LABELS,
  type TaskStatus,
} from '@vendaval/core/constants';
import { formatBRL, formatDate, formatDuration, formatTime, parseUrl } from '@vendaval/core/format';
import { MESSAGES } from '@vendaval/core/messages';
import type { HistoryEntry } from '@vendaval/core/schemas/history';
import type { Terms } from '@vendaval/core/terms';

/** One readable line of an entry's data; `reasonId` asks the view to name a lost reason by its id. */
export type EntryLine = {
  label?: string;
  text: string;
  href?: string;
  multiline?: boolean;
  reasonId?: number;
};

const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?$/;

/**
 * 'DD/MM/YYYY' and 'HHhmm' of a 'YYYY-MM-DD HH:mm[:ss]' wall-clock time, read as written (it is Brasília time
 * already); other forms (ISO instants) are shown in the browser's time.
 */
export function wallClockParts(value: string): { date: string; time: string } {
  const match = WALL_CLOCK.exec(value);
  if (match) {
    const [, year, month, day, hour, minute] = match;
    return { date: `${day}/${month}/${year}`, time: `${hour}h${minute}` };
  }
  return { date: formatDate(value), time: formatTime(value) };
}

const text = (value: unknown): string | null => {
  if (typeof value === 'string') return value.trim() ? value : null;
  return typeof value === 'number' && Number.isFinite(value) ? String(value) : null;
};

const number = (value: unknown): number | null => {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : null;
};

function change(label: string | undefined, from: string | null, to: string | null): EntryLine[] {
  if (!from && !to) return [];
  const line = from && to ? `${from} → ${to}` : (to ?? `${from} → —`);
  return [{ ...(label ? { label } : {}), text: line }];
}

const stars = (probability: number | null): string | null => {
  if (probability === null) return null;
  const count = probabilityToStars(probability);
  const label = qualificationLabel(probability);
  return `${'★'.repeat(count)}${'☆'.repeat(STAR_COUNT - count)}${label ? ` ${label}` : ''}`;
};

const money = (value: unknown): string | null => {
  const amount = number(value);
  return amount === null ? null : formatBRL(amount);
};

const when = (value: unknown): string | null => {
  const raw = text(value);
  if (!raw) return null;
  const { date, time } = wallClockParts(raw);
  return date ? `${date} ${time}` : raw;
};

const present = (lines: (EntryLine | null)[]): EntryLine[] => lines.filter((l): l is EntryLine => l !== null);
const line = (label: string, value: string | null, multiline = false): EntryLine | null =>
  value === null ? null : { label, text: value, ...(multiline ? { multiline } : {}) };

function taskLines(data: Record<string, unknown>): EntryLine[] {
  const status = text(data.status_name);
  const statusLabel =
    status && status in TASK_STATUS_LABELS ? TASK_STATUS_LABELS[status as TaskStatus] : status;
  // A reschedule tells the old and the new time.
  const moved = change('Data', when(data.from_start_timestamp), when(data.to_start_timestamp));
  return present([
    line('Ação', text(data.type_name)),
    line('Forma de Atendimento', text(data.end_type_name)),
    line('Status', statusLabel),
    ...(moved.length > 0 ? moved : [line('Data', when(data.start_timestamp))]),
    line('Observação', text(data.description), true),
  ]);
}

function lostLines(data: Record<string, unknown>): EntryLine[] {
  const reasonId = typeof data.closed_type === 'number' ? data.closed_type : null;
  const reason: EntryLine =
    reasonId !== null
      ? { label: 'Motivo', text: MESSAGES.historyLostReasonNotFound, reasonId }
      : { label: 'Motivo', text: text(data.closed_type) ?? MESSAGES.historyLostReasonNotFound };
  return present([
    line('Etapa', text(data.sales_stage_name)),
    reason,
    line('Descrição', text(data.closed_description) ?? MESSAGES.historyNoLostDescription, true),
  ]);
}

function callLines(data: Record<string, unknown>): EntryLine[] {
  const recording = text(data.recording_url);
  const url = recording ? parseUrl(recording) : null;
  const safe = url && ['http:', 'https:'].includes(url.protocol) ? url.href : null;
  return present([
    line('Ramal', text(data.voip_username)),
    line('Tentativa', text(data.attempt)),
    safe ? { label: 'Gravação', text: 'Ouvir gravação', href: safe } : null,
  ]);
}

/** The entry's data as readable pt-BR lines (opportunities.md §3 "Log entry"), with the tenant's terms. */
export function entryLines(entry: HistoryEntry, terms: Terms): EntryLine[] {
  const data = entry.data;
  const from = text(data.from_name);
  const to = text(data.to_name);
  if (isTaskLogType(entry.type)) return taskLines(data);
  switch (entry.type) {
    case 'OpportunitySalesStageUpdated':
    case 'OpportunityReopened':
    case 'OpportunityRecreated':
      return change('Etapa', from, to);
    case 'OpportunityCreated':
      return present([line('Etapa', text(data.sales_stage_name))]);
    case 'OpportunityProductCreated':
    case 'OpportunityProductUpdated':
      return change(undefined, from, to);
    case 'OpportunityUserUpdated':
      return change('Responsável', from, to);
    case 'OpportunityTransferred':
      return change('Área de trabalho', from, to);
    case 'OpportunityPriceCreated':
    case 'OpportunityPriceUpdated':
      return change(terms.price_term, money(data.from_price), money(data.to_price));
    case 'OpportunityProbabilityUpdated':
      return change(undefined, stars(number(data.from_probability)), stars(number(data.to_probability)));
    case 'OpportunityDescriptionUpdated':
      return present([
        line('Antes', text(data.from_description), true),
        line('Depois', text(data.to_description), true),
      ]);
    case 'OpportunityClosedWon':
      return present([line('Etapa', text(data.sales_stage_name))]);
    case 'OpportunityClosedLost':
      return lostLines(data);
    case 'OpportunityTma': {
      const seconds = number(data.tma);
      return present([line('Atendido em', seconds === null ? null : formatDuration(seconds))]);
    }
    case 'OpportunityCallSuccess':
    case 'OpportunityCallAttempt':
      return callLines(data);
    case 'BatchMessageReply':
      return present([line('Disparo', text(data.batch_message)), line('Enviado em', when(data.sent_at))]);
    case 'ContractPaymentStatusUpdated':
    case 'ContractStatusUpdated': {
      const status = text(data.payment_status ?? data.to_status);
      const label =
        status && status in CONTRACT_PAYMENT_STATUS_LABELS
          ? CONTRACT_PAYMENT_STATUS_LABELS[status as ContractPaymentStatus]
          : status;
      return present([line('Status', label)]);
    }
    default:
      return [];
  }
}
