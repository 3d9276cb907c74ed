import {
  Badge,
  Button,
  Card,
  Center,
  ColorSwatch,
  Container,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { PlatformSummary } from '@vendaval/core/schemas/platform';
import { useState } from 'react';
import { usePlatform } from '../../lib/platform.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import {
  useCreatePlatformMutation,
  usePlatformProfileQuery,
  usePlatformsQuery,
  useUpdatePlatformMutation,
} from './api/use-platforms.ts';
import { PlatformForm, type PlatformFormValues, valuesOf } from './components/platform-form.tsx';
import { PlatformImages } from './components/platform-images.tsx';

/** The operator's console (role master): every white-label platform, created and edited without a restart. */
export function PlatformsPage() {
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  return (
    <Container size="lg" py="md" px={{ base: 'xs', sm: 'md' }}>
      {editing === null && <PlatformList onEdit={setEditing} />}
      {editing === 'new' && <NewPlatform onDone={setEditing} />}
      {typeof editing === 'number' && <EditPlatform platformId={editing} onBack={() => setEditing(null)} />}
    </Container>
  );
}

function PlatformList({ onEdit }: { onEdit: (id: number | 'new') => void }) {
  const list = usePlatformsQuery();
  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Title order={2}>Plataformas</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => onEdit('new')}>
          Nova plataforma
        </Button>
      </Group>
      {!list.data ? (
        <Center py="xl">
          <Loader aria-label="Carregando plataformas" />
        </Center>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {list.data.data.map((platform) => (
            <PlatformCard key={platform.id} platform={platform} onEdit={() => onEdit(platform.id)} />
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

function PlatformCard({ platform, onEdit }: { platform: PlatformSummary; onEdit: () => void }) {
  const { palette } = platform;
  return (
    <Card withBorder radius="md" padding="md" aria-label={platform.name} component="article">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={700} truncate>
            {platform.name}
          </Text>
          <Group gap={4} wrap="nowrap" aria-hidden>
            {[palette.primary, palette.secondary, palette.nav].map((color) => (
              <ColorSwatch key={color} color={color} size={16} />
            ))}
          </Group>
        </Group>
        <Group gap={4}>
          {platform.hosts.map((host) => (
            <Badge key={host} variant="light" tt="none">
              {host}
            </Badge>
          ))}
        </Group>
        <Button variant="light" size="xs" onClick={onEdit} aria-label={`Editar ${platform.name}`}>
          Editar
        </Button>
      </Stack>
    </Card>
  );
}

function NewPlatform({ onDone }: { onDone: (id: number | null) => void }) {
  const create = useCreatePlatformMutation();
  const product = usePlatform();
  const submit = (values: PlatformFormValues) =>
    create.mutate(values, {
      onSuccess: (platform) => {
        showSuccessToast('Plataforma criada com sucesso! Envie agora as suas imagens.');
        onDone(platform.id);
      },
    });
  // A new client starts from the product's settings, without its gradient (which carries the product's colours).
  const values = valuesOf({ ...product, name: '', short_name: '', hosts: [], gradient: null }, true);
  return (
    <Stack gap="md">
      <Title order={2}>Nova plataforma</Title>
      <PlatformForm
        values={values}
        isNew
        saving={create.isPending}
        onSubmit={submit}
        onCancel={() => onDone(null)}
      />
    </Stack>
  );
}

function EditPlatform({ platformId, onBack }: { platformId: number; onBack: () => void }) {
  const profile = usePlatformProfileQuery(platformId);
  const update = useUpdatePlatformMutation(platformId);
  if (!profile.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando plataforma" />
      </Center>
    );
  }
  const submit = ({ first_workspace: _first, ...values }: PlatformFormValues) =>
    update.mutate(values, { onSuccess: () => showSuccessToast('Perfil da plataforma salvo com sucesso!') });
  return (
    <Stack gap="md">
      <Title order={2}>{profile.data.name}</Title>
      <PlatformImages platform={profile.data} />
      <PlatformForm
        key={profile.data.id}
        values={valuesOf(profile.data, false)}
        isNew={false}
        saving={update.isPending}
        onSubmit={submit}
        onCancel={onBack}
      />
    </Stack>
  );
}
