import { Badge, Button, Card, FileButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_MAX_SIDE,
  BRAND_IMAGE_TYPES,
  type BrandImageSlot,
  type Platform,
} from '@vendaval/core/schemas/platform';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUploadPlatformImageMutation } from '../api/use-platforms.ts';

const SLOTS: { slot: BrandImageSlot; label: string; src: (p: Platform) => string }[] = [
  { slot: 'logo_default_dark', label: 'Logo (fundo claro)', src: (p) => p.logos.default.dark },
  { slot: 'logo_default_light', label: 'Logo (fundo escuro)', src: (p) => p.logos.default.light },
  { slot: 'logo_short_dark', label: 'Logo curto (fundo claro)', src: (p) => p.logos.short.dark },
  { slot: 'logo_short_light', label: 'Logo curto (fundo escuro)', src: (p) => p.logos.short.light },
  { slot: 'login_desktop', label: 'Fundo do login (computador)', src: (p) => p.login_backgrounds.desktop },
  { slot: 'login_mobile', label: 'Fundo do login (celular)', src: (p) => p.login_backgrounds.mobile },
  { slot: 'favicon', label: 'Favicon', src: (p) => p.favicon },
];

const MAX_MB = BRAND_IMAGE_MAX_BYTES / (1024 * 1024);
/** Images uploaded for the platform are served under its own id (on its own hosts only). */
const isOwn = (platform: Platform, src: string) => src.startsWith(`/api/v1/platforms/${platform.id}/files/`);

/** The profile's logos, login backgrounds and favicon; the server checks each by its content. */
export function PlatformImages({ platform }: { platform: Platform }) {
  const upload = useUploadPlatformImageMutation(platform.id);
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h5">
            Imagens
          </Title>
          <Text size="sm" c="dimmed">
            PNG, JPEG ou WebP de até {MAX_MB} MB e {BRAND_IMAGE_MAX_SIDE} × {BRAND_IMAGE_MAX_SIDE} pixels. Até
            o envio, a plataforma usa as imagens do produto.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {SLOTS.map(({ slot, label, src }) => {
            const own = isOwn(platform, src(platform));
            return (
              <Stack key={slot} gap={6}>
                <Text size="sm" fw={600}>
                  {label}
                </Text>
                <Group gap={6} justify="space-between">
                  <Badge variant="light" color={own ? 'teal' : 'gray'}>
                    {own ? 'Enviada' : 'Padrão do produto'}
                  </Badge>
                  <FileButton
                    accept={BRAND_IMAGE_TYPES.join(',')}
                    onChange={(file) =>
                      file &&
                      upload.mutate(
                        { slot, file },
                        { onSuccess: () => showSuccessToast('Imagem enviada com sucesso!') },
                      )
                    }
                  >
                    {(props) => (
                      <Button
                        {...props}
                        size="xs"
                        variant="light"
                        leftSection={<IconUpload size={14} />}
                        loading={upload.isPending && upload.variables?.slot === slot}
                        aria-label={`Enviar ${label}`}
                      >
                        Enviar
                      </Button>
                    )}
                  </FileButton>
                </Group>
              </Stack>
            );
          })}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
