import { ActionIcon, Button, Group, Image, Stack, Text } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveFile } from '../lib/save-file.ts';
import { showErrorToasts } from '../lib/toasts.ts';

export type CarouselImage = { src: string; description: string };

/** The file name a downloaded image is saved under: its own, or a numbered one. */
const fileNameOf = (src: string, index: number) => src.split('/').pop() || `imagem-${index + 1}`;

/** Images one at a time: moves back and forth (wrapping around) and downloads the one shown. */
export function ImageCarousel({ images }: { images: readonly CarouselImage[] }) {
  const [index, setIndex] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];
  if (!current) return null;
  const move = (step: number) => setIndex((at) => (at + step + count) % count);

  const download = async () => {
    setDownloading(true);
    try {
      const response = await fetch(current.src);
      if (!response.ok) throw new Error(String(response.status));
      saveFile(fileNameOf(current.src, index), await response.blob());
    } catch {
      showErrorToasts(undefined);
    } finally {
      setDownloading(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="image-carousel">
      <Group gap="xs" wrap="nowrap" align="center">
        {count > 1 && (
          <ActionIcon variant="light" size="lg" aria-label="Imagem anterior" onClick={() => move(-1)}>
            <IconChevronLeft size={18} />
          </ActionIcon>
        )}
        <Image
          src={current.src}
          alt={current.description || `Imagem ${index + 1} de ${count}`}
          radius="md"
          fit="contain"
          mah={360}
          style={{ flex: 1, minWidth: 0 }}
        />
        {count > 1 && (
          <ActionIcon variant="light" size="lg" aria-label="Próxima imagem" onClick={() => move(1)}>
            <IconChevronRight size={18} />
          </ActionIcon>
        )}
      </Group>
      {current.description && (
        <Text size="sm" ta="center">
          {current.description}
        </Text>
      )}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" aria-live="polite">
          Imagem {index + 1} de {count}
        </Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          loading={downloading}
          onClick={download}
        >
          Baixar imagem
        </Button>
      </Group>
    </Stack>
  );
}
