import { generateColorsMap } from '@mantine/colors-generator';
import {
  Button,
  type CSSVariablesResolver,
  createTheme,
  isLightColor,
  type MantineColorShade,
  type MantineColorsTuple,
  type MantineThemeOverride,
} from '@mantine/core';
import type { Platform } from '@vendaval/core/schemas/platform';

/** Spec breakpoints: 800 px separates mobile (sm), 1024 px the menu (md). */
const BREAKPOINTS = { xs: '36em', sm: '50em', md: '64em', lg: '75em', xl: '88em' };

export const baseTheme: MantineThemeOverride = createTheme({
  breakpoints: BREAKPOINTS,
  defaultRadius: 'md',
  autoContrast: true,
  cursorType: 'pointer',
});

type Scale = { colors: MantineColorsTuple; shade: MantineColorShade };

/** Ten shades around the brand colour; `shade` is where the exact brand colour landed. */
export function colorScale(color: string): Scale {
  const { baseColorIndex, colors } = generateColorsMap(color);
  return {
    colors: colors.map((c) => c.hex()) as unknown as MantineColorsTuple,
    shade: baseColorIndex as MantineColorShade,
  };
}

export function buildTenantTheme(platform: Platform): MantineThemeOverride {
  const { palette, gradient } = platform;
  const primary = colorScale(palette.primary);
  const secondary = colorScale(palette.secondary);
  const button = palette.button ? colorScale(palette.button) : null;

  return createTheme({
    ...baseTheme,
    colors: {
      primary: primary.colors,
      secondary: secondary.colors,
      ...(button ? { button: button.colors } : {}),
    },
    primaryColor: 'primary',
    primaryShade: primary.shade,
    defaultGradient: gradient
      ? { from: gradient.primary, to: gradient.secondary, deg: 135 }
      : { from: palette.primary, to: palette.secondary, deg: 135 },
    components: button
      ? { Button: Button.extend({ defaultProps: { color: `button.${button.shade}` } }) }
      : {},
    other: { navColor: palette.nav },
  });
}

/** Links take the brand colour, darkened when it is too light to read on a white page. */
export function tenantCssVariables(platform: Platform): CSSVariablesResolver {
  const primary = platform.palette.primary;
  const anchor = isLightColor(primary) ? (colorScale(primary).colors[9] ?? primary) : primary;
  return () => ({ variables: {}, light: { '--mantine-color-anchor': anchor }, dark: {} });
}
