import { Anchor, Group, Image, Text } from '@mantine/core';
import { IconFileText } from '@tabler/icons-react';
import { mediaKindOf } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { MessageFile as File } from '@vendaval/core/schemas/chat';

function FileLink({ file }: { file: File }) {
  return (
    <Anchor href={file.url} target="_blank" rel="noopener noreferrer" download={file.name} size="sm">
      <Group gap={6} wrap="nowrap">
        <IconFileText size={18} />
        <Text span inherit style={{ overflowWrap: 'anywhere' }}>
          {file.name}
        </Text>
      </Group>
    </Anchor>
  );
}

/** A message's file by its kind (CHAT-019): image inline, audio player, document link; no stickers or videos. */
export function MessageFile({ file }: { file: File }) {
  const kind = mediaKindOf(file.mime);
  if (kind === 'sticker') {
    return (
      <Text size="sm" fs="italic" c="dimmed">
        {MESSAGES.stickerUnsupported}
      </Text>
    );
  }
  if (kind === 'video') {
    return (
      <>
        <Text size="sm" fs="italic" c="dimmed">
          {MESSAGES.videoUnsupported}
        </Text>
        <FileLink file={file} />
      </>
    );
  }
  if (kind === 'image') {
    return (
      <Anchor href={file.url} target="_blank" rel="noopener noreferrer">
        <Image src={file.url} alt={file.name} maw={260} mah={320} fit="contain" radius="sm" />
      </Anchor>
    );
  }
  if (kind === 'audio') {
    return (
      // biome-ignore lint/a11y/useMediaCaption: voice notes of a chat have no captions
      <audio controls src={file.url} preload="none" aria-label={file.name} style={{ maxWidth: '100%' }} />
    );
  }
  return <FileLink file={file} />;
}
