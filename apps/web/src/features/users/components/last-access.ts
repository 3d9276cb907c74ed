import { formatDate, formatTime } from '@vendaval/core/format';

export const NEVER_SIGNED_IN = 'Nunca acessou';

/** '05/03/2025 14h07', or 'Nunca acessou'. */
export function formatLastAccess(value: string | null): string {
  if (!value) return NEVER_SIGNED_IN;
  const date = formatDate(value);
  return date ? `${date} ${formatTime(value)}` : NEVER_SIGNED_IN;
}
