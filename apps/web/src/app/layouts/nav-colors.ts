import { isLightColor } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { Skin } from '../skin.tsx';

export type NavColors = {
  bg: string;
  fg: string;
  muted: string;
  hover: string;
  border: string;
  activeBg: string;
  activeFg: string;
  /** The kind of background the menu has, which picks the logo variant. */
  tone: 'light' | 'dark';
};

const ON_DARK = {
  fg: 'rgba(255, 255, 255, 0.92)',
  muted: 'rgba(255, 255, 255, 0.62)',
  hover: 'rgba(255, 255, 255, 0.08)',
};
const ON_LIGHT = {
  fg: 'var(--mantine-color-gray-8)',
  muted: 'var(--mantine-color-gray-6)',
  hover: 'var(--mantine-color-gray-1)',
};

/**
 * Menu colours per skin: semi-dark paints the menu in the tenant's nav colour over a light
 * page, light keeps it white, dark follows the dark scheme.
 */
export function navColors(skin: Skin, navColor: string, activeBg: string | null): NavColors {
  const active = {
    activeBg: activeBg ?? 'var(--mantine-primary-color-filled)',
    activeFg: activeBg ? 'var(--mantine-color-white)' : 'var(--mantine-primary-color-contrast)',
  };
  if (skin === 'light') {
    return {
      bg: 'var(--mantine-color-white)',
      border: '1px solid var(--mantine-color-gray-3)',
      tone: 'light',
      ...ON_LIGHT,
      ...active,
    };
  }
  if (skin === 'dark') {
    return {
      bg: 'var(--mantine-color-dark-7)',
      border: '1px solid var(--mantine-color-dark-5)',
      tone: 'dark',
      ...ON_DARK,
      ...active,
    };
  }
  const tone = isLightColor(navColor) ? 'light' : 'dark';
  return { bg: navColor, border: 'none', tone, ...(tone === 'dark' ? ON_DARK : ON_LIGHT), ...active };
}

export function navColorVars(colors: NavColors): CSSProperties {
  return {
    '--nav-bg': colors.bg,
    '--nav-fg': colors.fg,
    '--nav-muted': colors.muted,
    '--nav-hover': colors.hover,
    '--nav-border': colors.border,
    '--nav-active-bg': colors.activeBg,
    '--nav-active-fg': colors.activeFg,
  } as CSSProperties;
}
