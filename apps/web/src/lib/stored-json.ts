/** A JSON value kept in localStorage; null when absent or unreadable. */
export function readStoredJson(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Stores a JSON value; null removes the key. */
export function writeStoredJson(key: string, value: unknown): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Without storage the value lives as long as the page.
  }
}
