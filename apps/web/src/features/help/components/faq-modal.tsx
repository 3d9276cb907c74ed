import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { usePlatform } from '../../../lib/platform.ts';
import { VideoEmbed } from '../../../ui/video-embed.tsx';
import { faqVideosFor } from '../faq-videos.ts';

type FaqModalProps = { opened: boolean; onClose: () => void };

/** The FAQ video modal: the brand's tutorial videos for the screen in view, and the way to the guide. */
export function FaqModal({ opened, onClose }: FaqModalProps) {
  const { faq_videos: all } = usePlatform();
  const { pathname } = useLocation();
  const videos = faqVideosFor(all, pathname);

  return (
    <Modal opened={opened} onClose={onClose} title="Ajuda" centered size="lg" data-testid="faq-modal">
      <Stack gap="lg">
        {videos.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nenhum vídeo de ajuda para esta tela.
          </Text>
        ) : (
          videos.map((video) => (
            <Stack key={`${video.src}-${video.title}`} gap="xs">
              <Title order={3} size="h5">
                {video.title}
              </Title>
              <VideoEmbed title={video.title} src={video.src} local={video.local} />
            </Stack>
          ))
        )}
        <Group justify="space-between" gap="xs">
          <Text size="sm">Primeira vez por aqui? O guia apresenta cada tela.</Text>
          <Button component={Link} to="/guide" variant="light">
            Abrir o guia
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
