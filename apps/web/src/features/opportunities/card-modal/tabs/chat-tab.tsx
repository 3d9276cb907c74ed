import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useCardChatSlots } from '../../../../lib/card-chat.ts';

/** The card's chat, as the app provides it; a placeholder where no chat is composed in. */
export function ChatTab({ opportunity }: { opportunity: Opportunity }) {
  const slots = useCardChatSlots();
  if (slots) return <slots.Chat opportunity={opportunity} />;
  return (
    <Center mih={240}>
      <Stack align="center" gap="xs" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconRobot size={30} />
        </ThemeIcon>
        <Title order={5}>Chat da oportunidade</Title>
        <Text size="sm" c="dimmed">
          As conversas deste card com o contato aparecem aqui quando o chat estiver disponível.
        </Text>
      </Stack>
    </Center>
  );
}
