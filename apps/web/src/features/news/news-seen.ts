import { isNewsExpired, type NewsWarning } from '@vendaval/core/schemas/news';
import { STORAGE_KEYS } from '../../lib/storage-keys.ts';
import { readStoredJson, writeStoredJson } from '../../lib/stored-json.ts';

/** How many shown ids each user keeps: far more than a platform publishes while one is still current. */
const KEPT_IDS = 200;

type Seen = Record<string, number[]>;

function readSeen(): Seen {
  const stored = readStoredJson(STORAGE_KEYS.newsSeen);
  return stored && typeof stored === 'object' && !Array.isArray(stored) ? (stored as Seen) : {};
}

/** The warning ids this browser already showed to that user. */
export function seenNewsIds(userId: number): number[] {
  const ids = readSeen()[String(userId)];
  return Array.isArray(ids) ? ids.filter((id) => Number.isInteger(id)) : [];
}

/** Remembers that the user was shown the warning, so it is never shown to them again here. */
export function markNewsSeen(userId: number, id: number): void {
  const seen = readSeen();
  const ids = seenNewsIds(userId).filter((kept) => kept !== id);
  seen[String(userId)] = [...ids, id].slice(-KEPT_IDS);
  writeStoredJson(STORAGE_KEYS.newsSeen, seen);
}

/** The oldest warning the user has not been shown yet and that has not expired; null when there is none. */
export function nextNewsWarning(
  warnings: readonly NewsWarning[],
  seen: readonly number[],
  now: Date = new Date(),
): NewsWarning | null {
  const pending = warnings.filter((w) => !seen.includes(w.id) && !isNewsExpired(w.expiration, now));
  return pending.sort((a, b) => a.id - b.id)[0] ?? null;
}
