import { Button, Center, Stack, Text, Title } from '@mantine/core';

export function PlatformUnavailable({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={1} size="h3">
          Não foi possível carregar o sistema
        </Title>
        <Text c="dimmed">Verifique sua conexão com a internet e tente novamente.</Text>
        <Button onClick={onRetry} loading={retrying}>
          Tentar novamente
        </Button>
      </Stack>
    </Center>
  );
}
