import { Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconRobot } from '@tabler/icons-react';

/** Where the card's chat will live; the chat feature fills it. */
export function ChatTab() {
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
