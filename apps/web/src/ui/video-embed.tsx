import { AspectRatio, Text } from '@mantine/core';
import { isAllowedVideoSrc } from '@vendaval/core/schemas/news';
import { isLocalVideoSrc } from '@vendaval/core/schemas/platform';

type VideoEmbedProps = { title: string; src: string; local?: boolean };

/**
 * A tutorial or news video: a file of the app itself, or the player of an allowed host (YouTube, Vimeo) in a
 * frame. An address of any other host is never framed.
 */
export function VideoEmbed({ title, src, local = false }: VideoEmbedProps) {
  if (local && isLocalVideoSrc(src)) {
    return (
      <AspectRatio ratio={16 / 9}>
        {/* biome-ignore lint/a11y/useMediaCaption: tutorial videos come without caption tracks. */}
        <video src={src} title={title} controls preload="metadata" />
      </AspectRatio>
    );
  }
  if (local || !isAllowedVideoSrc(src)) {
    return (
      <Text size="sm" c="dimmed">
        Vídeo indisponível: endereço não permitido.
      </Text>
    );
  }
  return (
    <AspectRatio ratio={16 / 9}>
      <iframe
        src={src}
        title={title}
        style={{ border: 0, borderRadius: 'var(--mantine-radius-md)' }}
        allow="encrypted-media; picture-in-picture; fullscreen"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
        sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
        loading="lazy"
      />
    </AspectRatio>
  );
}
