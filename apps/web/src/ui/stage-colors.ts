import { STAGE_COLOR_CONTRAST_THRESHOLD } from '@vendaval/core/constants';

const HEX = /^#?([0-9a-f]{6})$/i;
export const FALLBACK_STAGE_COLOR = '868e96';

/** '#rrggbb' from a stored colour (hex without '#'); grey when it is not a colour. */
export function cssColor(hex: string | null | undefined): string {
  const match = HEX.exec((hex ?? '').trim());
  return `#${match?.[1] ?? FALLBACK_STAGE_COLOR}`;
}

/** Perceived brightness 0..1 (YIQ weights). */
export function brightness(hex: string): number {
  const value = cssColor(hex).slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => Number.parseInt(value.slice(i, i + 2), 16));
  return ((r ?? 0) * 299 + (g ?? 0) * 587 + (b ?? 0) * 114) / 1000 / 255;
}

/** Text on a stage or tag colour: dark above the contrast threshold (0.5), white below. */
export function textOn(hex: string | null | undefined): string {
  return brightness(hex ?? '') > STAGE_COLOR_CONTRAST_THRESHOLD ? '#1a1b1e' : '#ffffff';
}
