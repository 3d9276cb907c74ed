import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center">
        <Text fz={72} fw={800} lh={1} c="var(--mantine-color-anchor)" aria-hidden>
          404
        </Text>
        <Title order={1} size="h2">
          Página não encontrada
        </Title>
        <Text c="dimmed">O endereço que você acessou não existe ou foi removido.</Text>
        <Button component={Link} to="/" leftSection={<IconArrowLeft size={18} />}>
          Voltar para o início
        </Button>
      </Stack>
    </Center>
  );
}
