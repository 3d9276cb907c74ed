import { Box, Image, Paper, Stack, Text } from '@mantine/core';
import type { Platform } from '@vendaval/core/schemas/platform';
import { type Control, useWatch } from 'react-hook-form';
import type { BrandForm } from './brand-tab.tsx';

type Props = { control: Control<BrandForm>; platform: Platform };

/**
 * The sign-in screen and the menu as they will look, following the form as it is typed. The sign-in button takes
 * the gradient, as on the real screen.
 */
export function BrandPreview({ control, platform }: Props) {
  const [name, subtitle, palette, gradient] = useWatch({
    control,
    name: ['name', 'subtitle', 'palette', 'gradient'],
  });
  const background = `linear-gradient(135deg, ${gradient.primary}, ${gradient.secondary})`;

  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} aria-label="Pré-visualização da marca">
      <Box style={{ display: 'flex', minHeight: 220 }}>
        <Box w={56} style={{ background: palette.nav, flexShrink: 0 }} aria-hidden>
          <Stack gap={10} align="center" pt="md">
            {[0, 1, 2, 3].map((i) => (
              <Box key={i} w={22} h={22} style={{ borderRadius: 6, background: 'rgba(255,255,255,0.25)' }} />
            ))}
          </Stack>
        </Box>
        <Box style={{ flex: 1, background, display: 'grid', placeItems: 'center', padding: 16 }}>
          <Paper shadow="md" radius="md" p="md" w="100%" maw={240}>
            <Stack gap={8} align="center">
              <Image src={platform.logos.default.dark} alt="" h={28} w="auto" fit="contain" />
              <Text fw={700} size="sm" ta="center" style={{ overflowWrap: 'anywhere' }}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" ta="center" style={{ overflowWrap: 'anywhere' }}>
                {subtitle}
              </Text>
              <Box
                w="100%"
                py={6}
                style={{
                  background,
                  color: 'white',
                  borderRadius: 6,
                  textAlign: 'center',
                  fontSize: 13,
                }}
              >
                Entrar
              </Box>
              <Text size="xs" style={{ color: palette.secondary }}>
                Esqueci minha senha
              </Text>
            </Stack>
          </Paper>
        </Box>
      </Box>
    </Paper>
  );
}
