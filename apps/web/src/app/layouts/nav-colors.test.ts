import { describe, expect, it } from 'vitest';
import { DEFAULT_SKIN, parseSkin } from '../skin.tsx';
import { navColors } from './nav-colors.ts';

describe('skins', () => {
  it('PLAT-072 the default skin is semi-dark and an unknown stored value falls back to it', () => {
    expect(DEFAULT_SKIN).toBe('semi-dark');
    expect(parseSkin(null)).toBe('semi-dark');
    expect(parseSkin('purple')).toBe('semi-dark');
    expect(parseSkin('dark')).toBe('dark');
  });

  it("PLAT-072 semi-dark paints the menu in the tenant's nav colour", () => {
    const colors = navColors('semi-dark', '#16213a', null);
    expect(colors.bg).toBe('#16213a');
    expect(colors.tone).toBe('dark');
    expect(navColors('semi-dark', '#f5f5f5', null).tone).toBe('light');
  });

  it('light and dark skins ignore the nav colour', () => {
    expect(navColors('light', '#16213a', null).tone).toBe('light');
    expect(navColors('dark', '#f5f5f5', null).tone).toBe('dark');
  });

  it('PLAT-014 the app-wide gradient marks the active menu item', () => {
    expect(navColors('semi-dark', '#16213a', 'linear-gradient(135deg, red, blue)').activeBg).toContain(
      'gradient',
    );
  });
});
