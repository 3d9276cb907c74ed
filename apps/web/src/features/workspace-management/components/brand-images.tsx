import { Button, Card, FileButton, Group, Image, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconRestore, IconUpload } from '@tabler/icons-react';
import {
  BRAND_IMAGE_MAX_BYTES,
  BRAND_IMAGE_TYPES,
  type BrandImageSlot,
  type Platform,
} from '@vendaval/core/schemas/platform';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useUpdateBrandMutation, useUploadBrandImageMutation } from '../api/use-brand.ts';

const SLOTS: { slot: BrandImageSlot; label: string; dark: boolean; src: (p: Platform) => string }[] = [
  { slot: 'logo_default_dark', label: 'Logo (fundo claro)', dark: false, src: (p) => p.logos.default.dark },
  { slot: 'logo_default_light', label: 'Logo (fundo escuro)', dark: true, src: (p) => p.logos.default.light },
  { slot: 'logo_short_dark', label: 'Logo curto (fundo claro)', dark: false, src: (p) => p.logos.short.dark },
  {
    slot: 'logo_short_light',
    label: 'Logo curto (fundo escuro)',
    dark: true,
    src: (p) => p.logos.short.light,
  },
  {
    slot: 'login_desktop',
    label: 'Fundo do login (computador)',
    dark: false,
    src: (p) => p.login_backgrounds.desktop,
  },
  {
    slot: 'login_mobile',
    label: 'Fundo do login (celular)',
    dark: false,
    src: (p) => p.login_backgrounds.mobile,
  },
  { slot: 'favicon', label: 'Favicon', dark: false, src: (p) => p.favicon },
];

/** How the editor names each image; the audit names them the same way. */
export const BRAND_IMAGE_LABELS = Object.fromEntries(SLOTS.map((s) => [s.slot, s.label])) as Record<
  BrandImageSlot,
  string
>;

const MAX_MB = BRAND_IMAGE_MAX_BYTES / (1024 * 1024);

/** Logos, login backgrounds and favicon: PNG, JPEG or WebP, checked again by the server. */
export function BrandImages({ platform, overridden }: { platform: Platform; overridden: string[] }) {
  const upload = useUploadBrandImageMutation(platform.id);
  const reset = useUpdateBrandMutation(platform.id);

  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="md">
        <Stack gap={2}>
          <Title order={3} size="h5">
            Imagens
          </Title>
          <Text size="sm" c="dimmed">
            PNG, JPEG ou WebP de até {MAX_MB} MB.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
          {SLOTS.map(({ slot, label, dark, src }) => (
            <Stack key={slot} gap={6}>
              <Text size="sm" fw={600}>
                {label}
              </Text>
              <Card
                withBorder
                radius="sm"
                padding="xs"
                h={96}
                bg={dark ? platform.palette.nav : 'var(--mantine-color-gray-0)'}
              >
                <Image src={src(platform)} alt={label} h="100%" fit="contain" />
              </Card>
              <Group gap={6} grow>
                <FileButton
                  accept={BRAND_IMAGE_TYPES.join(',')}
                  onChange={(file) =>
                    file &&
                    upload.mutate(
                      { slot, file },
                      { onSuccess: () => showSuccessToast('Imagem atualizada com sucesso!') },
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
                {overridden.includes(slot) && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="gray"
                    leftSection={<IconRestore size={14} />}
                    onClick={() => reset.mutate({ images: { [slot]: null } })}
                  >
                    Padrão
                  </Button>
                )}
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
