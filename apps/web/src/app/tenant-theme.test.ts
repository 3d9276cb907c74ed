import { describe, expect, it } from 'vitest';
import { platformFixture } from '../testing/fixtures.ts';
import { buildTenantTheme, colorScale, tenantCssVariables } from './tenant-theme.ts';

describe('tenant theme', () => {
  it('PLAT-013 builds the primary and secondary colours from the palette, keeping the exact brand colour', () => {
    const platform = platformFixture();
    const theme = buildTenantTheme(platform);
    const primary = colorScale(platform.palette.primary);
    expect(theme.primaryColor).toBe('primary');
    expect(theme.colors?.primary?.[primary.shade]).toBe(platform.palette.primary);
    expect(theme.primaryShade).toBe(primary.shade);
    expect(theme.colors?.secondary).toHaveLength(10);
    expect(theme.colors?.button).toBeUndefined();
  });

  it('PLAT-013 the optional button colour becomes the default button colour', () => {
    const platform = platformFixture({
      palette: { primary: '#1e6fd9', secondary: '#f28c28', nav: '#111', button: '#0a8f3c' },
    });
    const theme = buildTenantTheme(platform);
    const shade = colorScale('#0a8f3c').shade;
    expect(theme.colors?.button?.[shade]).toBe('#0a8f3c');
    expect(theme.components?.Button?.defaultProps).toMatchObject({ color: `button.${shade}` });
  });

  it('PLAT-014 the gradient becomes the default gradient', () => {
    const platform = platformFixture({
      gradient: { primary: '#ff0000', secondary: '#0000ff', login_only: true },
    });
    expect(buildTenantTheme(platform).defaultGradient).toEqual({ from: '#ff0000', to: '#0000ff', deg: 135 });
  });

  it('uses the spec breakpoints: 800 px mobile, 1024 px menu', () => {
    const { breakpoints } = buildTenantTheme(platformFixture());
    expect(breakpoints?.sm).toBe('50em');
    expect(breakpoints?.md).toBe('64em');
  });

  it('links stay readable when the brand colour is light', () => {
    const light = platformFixture({
      palette: { primary: '#ffd43b', secondary: '#000', nav: '#111', button: null },
    });
    const dark = platformFixture();
    const anchor = (p: typeof light) =>
      tenantCssVariables(p)(buildTenantTheme(p) as never).light['--mantine-color-anchor'];
    expect(anchor(dark)).toBe('#1e6fd9');
    expect(anchor(light)).toBe(colorScale('#ffd43b').colors[9]);
  });
});
