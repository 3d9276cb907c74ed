import {
  Badge,
  Box,
  Button,
  Card,
  Container,
  Group,
  List,
  NavLink,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconCheck, IconExternalLink } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePlatform, useTerms } from '../../lib/platform.ts';
import { TenantLogo } from '../../ui/tenant-logo.tsx';
import { guideSteps } from './guide-steps.ts';

/** /guide: a new user's walk through the product's screens, full page, in the brand's words. */
export function GuidePage() {
  const platform = usePlatform();
  const terms = useTerms();
  const steps = guideSteps(terms, platform.name);
  const [at, setAt] = useState(0);
  const step = steps[at] ?? steps[0];
  if (!step) return null;
  const last = at === steps.length - 1;

  return (
    <Box mih="100dvh" bg="var(--mantine-color-body)">
      <Box
        component="header"
        px="md"
        py="sm"
        style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
      >
        <Group justify="space-between" wrap="nowrap" maw={1100} mx="auto">
          <TenantLogo variant="default" on="light" h={36} w="auto" maw={170} />
          <Button component={Link} to="/" variant="subtle" size="compact-sm">
            Ir para o funil
          </Button>
        </Group>
      </Box>
      <Container size={1100} py="lg" px="md">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Guia de primeiros passos
            </Title>
            <Text c="dimmed" size="sm">
              Conheça as telas do {platform.name} em poucos minutos.
            </Text>
          </Stack>
          <Group align="flex-start" gap="lg" wrap="nowrap">
            <Box visibleFrom="sm" w={240} style={{ flexShrink: 0 }}>
              <nav aria-label="Passos do guia">
                {steps.map((s, index) => (
                  <NavLink
                    key={s.key}
                    label={s.screen}
                    active={index === at}
                    onClick={() => setAt(index)}
                    leftSection={
                      <Badge size="sm" circle variant={index <= at ? 'filled' : 'light'}>
                        {index + 1}
                      </Badge>
                    }
                  />
                ))}
              </nav>
            </Box>
            <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
              <Stack gap={6}>
                <Text size="sm" c="dimmed">
                  Passo {at + 1} de {steps.length}
                </Text>
                <Progress value={((at + 1) / steps.length) * 100} size="sm" aria-label="Progresso do guia" />
              </Stack>
              <Card withBorder radius="md" padding="lg" data-testid="guide-step">
                <Stack gap="md">
                  <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                    {step.screen}
                  </Text>
                  <Title order={2} size="h3">
                    {step.title}
                  </Title>
                  <List
                    spacing="sm"
                    icon={<IconCheck size={16} color="var(--mantine-primary-color-filled)" />}
                  >
                    {step.points.map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                  {step.path && (
                    <Group>
                      <Button
                        component={Link}
                        to={step.path}
                        variant="light"
                        rightSection={<IconExternalLink size={16} />}
                      >
                        Abrir {step.screen}
                      </Button>
                    </Group>
                  )}
                </Stack>
              </Card>
              <Group justify="space-between">
                <Button
                  variant="default"
                  leftSection={<IconArrowLeft size={16} />}
                  disabled={at === 0}
                  onClick={() => setAt(at - 1)}
                >
                  Anterior
                </Button>
                {last ? (
                  <Button component={Link} to="/">
                    Começar a usar
                  </Button>
                ) : (
                  <Button rightSection={<IconArrowRight size={16} />} onClick={() => setAt(at + 1)}>
                    Próximo
                  </Button>
                )}
              </Group>
            </Stack>
          </Group>
        </Stack>
      </Container>
    </Box>
  );
}
