import { Button, Center, Stack, Text, Title } from '@mantine/core';

/** Last resort when a screen fails to render or its code fails to load. */
export function AppErrorPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Title order={1} size="h2">
          Algo deu errado
        </Title>
        <Text c="dimmed">Não foi possível abrir esta tela. Recarregue a página para tentar novamente.</Text>
        <Button onClick={() => window.location.reload()}>Recarregar a página</Button>
      </Stack>
    </Center>
  );
}
