import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { formatDate } from '@vendaval/core/format';
import { useEffect, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { ImageCarousel } from '../../../ui/image-carousel.tsx';
import { VideoEmbed } from '../../../ui/video-embed.tsx';
import { useCurrentNewsQuery } from '../api/use-current-news-query.ts';
import { markNewsSeen, nextNewsWarning, seenNewsIds } from '../news-seen.ts';

/**
 * The news warning modal of the app shell: each of the platform's warnings once per user on this browser, never
 * after its expiration day; several pending ones follow each other.
 */
export function NewsWarningModal() {
  const { user } = useSession();
  const news = useCurrentNewsQuery();
  const [seen, setSeen] = useState<number[]>(() => (user ? seenNewsIds(user.id) : []));
  const warning = user ? nextNewsWarning(news.data?.data ?? [], seen) : null;

  // Remembered as soon as it is on screen: a reload does not show it again.
  useEffect(() => {
    if (user && warning) markNewsSeen(user.id, warning.id);
  }, [user, warning]);

  if (!warning) return null;
  const close = () => setSeen((ids) => [...ids, warning.id]);

  return (
    <Modal
      opened
      onClose={close}
      title="Avisos"
      centered
      size="lg"
      data-testid="news-warning-modal"
      styles={{ title: { fontWeight: 700 } }}
    >
      <Stack gap="md">
        <Text size="xs" c="dimmed">
          Publicado em {formatDate(warning.created_at)} · disponível até {warning.expiration}
        </Text>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{warning.message}</Text>
        {warning.iframeInfo && <VideoEmbed title={warning.iframeInfo.title} src={warning.iframeInfo.src} />}
        {warning.carouselInfo && warning.carouselInfo.length > 0 && (
          <ImageCarousel images={warning.carouselInfo} />
        )}
        <Group justify="flex-end">
          <Button onClick={close}>Entendi</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
