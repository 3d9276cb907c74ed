import { z } from 'zod';

/** Zod's own messages (wrong type, too short, unknown key…) in Portuguese, for client and server alike. */
export function applyZodLocale(): void {
  z.config(z.locales.pt());
}
