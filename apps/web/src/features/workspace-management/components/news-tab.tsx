import { Badge, Button, Card, Center, Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPlus } from '@tabler/icons-react';
import { ADMIN_PAGE_SIZE } from '@vendaval/core/constants';
import { formatDate } from '@vendaval/core/format';
import { isNewsExpired, type NewsWarning, type NewsWarningInput } from '@vendaval/core/schemas/news';
import { useState } from 'react';
import { usePlatform } from '../../../lib/platform.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useDeleteNewsMutation, usePlatformNewsQuery, useSaveNewsMutation } from '../api/use-news.ts';
import { NewsFormModal } from './news-form-modal.tsx';

/** The platform's news warnings for its admins: published to every user, each shown once until it expires. */
export function NewsTab() {
  const platform = usePlatform();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<NewsWarning | 'new' | null>(null);
  const list = usePlatformNewsQuery(platform.id, page, ADMIN_PAGE_SIZE);
  const save = useSaveNewsMutation(platform.id);
  const remove = useDeleteNewsMutation(platform.id);
  const warnings = list.data?.data ?? [];
  const total = list.data?.pagination.total_count ?? 0;

  const onSave = (input: NewsWarningInput, onRefused: (error: unknown) => void) =>
    save.mutate(
      { id: editing === 'new' || editing === null ? null : editing.id, input },
      {
        onSuccess: () => {
          setEditing(null);
          showSuccessToast('Aviso salvo com sucesso!');
        },
        onError: onRefused,
      },
    );

  const confirmDelete = (warning: NewsWarning) =>
    modals.openConfirmModal({
      title: 'Excluir aviso',
      centered: true,
      children: <Text size="sm">O aviso deixa de aparecer para quem ainda não o viu.</Text>,
      labels: { confirm: 'Excluir', cancel: 'Cancelar' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(warning.id, { onSuccess: (answer) => showSuccessToast(answer.message) }),
    });

  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" style={{ flex: 1, minWidth: 220 }}>
          Avisos aparecem uma vez para cada pessoa da plataforma ao entrar, até o dia de expiração.
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>
          Novo aviso
        </Button>
      </Group>
      {list.isPending ? (
        <Center py="xl">
          <Loader aria-label="Carregando avisos" />
        </Center>
      ) : warnings.length === 0 ? (
        <Card withBorder radius="md">
          <Text c="dimmed" ta="center" py="lg">
            Nenhum aviso publicado.
          </Text>
        </Card>
      ) : (
        warnings.map((warning) => {
          const expired = isNewsExpired(warning.expiration);
          return (
            <Card key={warning.id} withBorder radius="md" padding="md" data-testid="news-card">
              <Stack gap="xs">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} lineClamp={3}>
                    {warning.message}
                  </Text>
                  <Badge color={expired ? 'gray' : 'green'} variant="light" style={{ flexShrink: 0 }}>
                    {expired ? 'Expirado' : 'Ativo'}
                  </Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  Publicado em {formatDate(warning.created_at)} · expira em {warning.expiration}
                  {warning.iframeInfo ? ' · com vídeo' : ''}
                  {warning.carouselInfo ? ` · ${warning.carouselInfo.length} imagem(ns)` : ''}
                </Text>
                <Group gap="xs" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => setEditing(warning)}>
                    Editar
                  </Button>
                  <Button size="xs" variant="subtle" color="red" onClick={() => confirmDelete(warning)}>
                    Excluir
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        })
      )}
      {total > ADMIN_PAGE_SIZE && (
        <Center>
          <Pagination total={Math.ceil(total / ADMIN_PAGE_SIZE)} value={page} onChange={setPage} />
        </Center>
      )}
      <NewsFormModal
        platformId={platform.id}
        warning={editing}
        saving={save.isPending}
        onSave={onSave}
        onClose={() => setEditing(null)}
      />
    </Stack>
  );
}
