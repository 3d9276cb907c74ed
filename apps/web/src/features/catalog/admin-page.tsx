import { Card, SimpleGrid, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import {
  IconAddressBook,
  IconBuilding,
  IconLayoutKanban,
  IconListDetails,
  IconPlugConnected,
  IconUsers,
} from '@tabler/icons-react';
import { Link } from 'react-router';

const SECTIONS = [
  {
    to: '/lists',
    label: 'Editar Listas',
    text: 'Campanhas, mídias, produtos, ações, motivos de perda, tags e mais.',
    icon: IconListDetails,
  },
  {
    to: '/pipeline-management',
    label: 'Etapas do funil',
    text: 'Ordem, cores, tipos e nomes das etapas.',
    icon: IconLayoutKanban,
  },
  { to: '/users', label: 'Usuários', text: 'Convites, funções e status dos membros.', icon: IconUsers },
  { to: '/contacts', label: 'Contatos', text: 'A agenda de contatos do workspace.', icon: IconAddressBook },
  {
    to: '/workspace-management',
    label: 'Workspaces',
    text: 'Equipes, hierarquia e configurações.',
    icon: IconBuilding,
  },
  {
    to: '/integrations',
    label: 'Integrar',
    text: 'Endereço da API, tokens de integração e documentação.',
    icon: IconPlugConnected,
  },
];

/** /admin: where each administration screen starts. */
export function AdminPage() {
  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1} size="h2">
        Administração
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        {SECTIONS.map((s) => (
          <UnstyledButton key={s.to} component={Link} to={s.to}>
            <Card withBorder radius="md" padding="lg" h="100%">
              <Stack gap="xs">
                <ThemeIcon variant="light" size="lg">
                  <s.icon size={20} />
                </ThemeIcon>
                <Text fw={600}>{s.label}</Text>
                <Text size="sm" c="dimmed">
                  {s.text}
                </Text>
              </Stack>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
