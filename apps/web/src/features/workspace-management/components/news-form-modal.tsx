import {
  ActionIcon,
  Button,
  FileButton,
  Group,
  Image,
  Modal,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import {
  NEWS_CAROUSEL_MAX,
  type NewsCarouselItem,
  type NewsWarning,
  type NewsWarningInput,
  newsWarningInputSchema,
} from '@vendaval/core/schemas/news';
import { useState } from 'react';
import { ApiError } from '../../../lib/http.ts';
import { showErrorToasts } from '../../../lib/toasts.ts';
import { useUploadNewsImageMutation } from '../api/use-news.ts';

type Props = {
  platformId: number;
  /** The warning being edited, or 'new'; null closes the modal. */
  warning: NewsWarning | 'new' | null;
  saving: boolean;
  onSave: (input: NewsWarningInput, onRefused: (error: unknown) => void) => void;
  onClose: () => void;
};

export function NewsFormModal({ warning, onClose, ...rest }: Props) {
  return (
    <Modal
      opened={warning !== null}
      onClose={onClose}
      title={warning === 'new' ? 'Novo aviso' : 'Editar aviso'}
      size="lg"
      centered
    >
      {warning !== null && (
        <NewsForm
          key={warning === 'new' ? 'new' : warning.id}
          editing={warning === 'new' ? null : warning}
          onClose={onClose}
          {...rest}
        />
      )}
    </Modal>
  );
}

type Errors = Record<string, string>;

function NewsForm({
  platformId,
  editing,
  saving,
  onSave,
  onClose,
}: Omit<Props, 'warning'> & { editing: NewsWarning | null }) {
  const [message, setMessage] = useState(editing?.message ?? '');
  const [expiration, setExpiration] = useState(editing?.expiration ?? '');
  const [withVideo, setWithVideo] = useState(Boolean(editing?.iframeInfo));
  const [videoTitle, setVideoTitle] = useState(editing?.iframeInfo?.title ?? '');
  const [videoSrc, setVideoSrc] = useState(editing?.iframeInfo?.src ?? '');
  const [images, setImages] = useState<NewsCarouselItem[]>(editing?.carouselInfo ?? []);
  const [errors, setErrors] = useState<Errors>({});
  const upload = useUploadNewsImageMutation(platformId);

  const showRefusal = (error: unknown) => {
    const issues = error instanceof ApiError ? (error.body?.errors ?? []) : [];
    if (issues.length === 0) return showErrorToasts(error);
    setErrors(Object.fromEntries(issues.map((issue) => [issue.field ?? '', issue.description ?? ''])));
  };

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = newsWarningInputSchema.safeParse({
      message,
      expiration,
      iframeInfo: withVideo ? { title: videoTitle, src: videoSrc } : null,
      carouselInfo: images.length > 0 ? images : null,
    });
    if (!parsed.success) {
      setErrors(
        Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message])),
      );
      return;
    }
    setErrors({});
    onSave(parsed.data, showRefusal);
  };

  const addImage = (file: File | null) => {
    if (!file) return;
    upload.mutate(file, {
      onSuccess: ({ src }) => setImages((list) => [...list, { src, description: '' }]),
      onError: showErrorToasts,
    });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <Textarea
          label="Mensagem"
          autosize
          minRows={3}
          maxRows={10}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
          error={errors.message}
          data-autofocus
        />
        <TextInput
          label="Expira em"
          description="Último dia em que o aviso aparece (DD/MM/AAAA)."
          placeholder="DD/MM/AAAA"
          inputMode="numeric"
          value={expiration}
          onChange={(e) => setExpiration(e.currentTarget.value)}
          error={errors.expiration}
        />
        <Switch
          label="Incluir vídeo"
          checked={withVideo}
          onChange={(e) => setWithVideo(e.currentTarget.checked)}
        />
        {withVideo && (
          <>
            <TextInput
              label="Título do vídeo"
              value={videoTitle}
              onChange={(e) => setVideoTitle(e.currentTarget.value)}
              error={errors['iframeInfo.title']}
            />
            <TextInput
              label="Endereço de incorporação do vídeo"
              description="YouTube (youtube.com/embed/… ou youtube-nocookie.com/embed/…) ou Vimeo (player.vimeo.com/video/…)."
              placeholder="https://www.youtube-nocookie.com/embed/…"
              value={videoSrc}
              onChange={(e) => setVideoSrc(e.currentTarget.value)}
              error={errors['iframeInfo.src']}
            />
          </>
        )}
        <Stack gap={6}>
          <Group justify="space-between">
            <Text size="sm" fw={500}>
              Carrossel de imagens
            </Text>
            <FileButton onChange={addImage} accept="image/png,image/jpeg,image/webp">
              {(props) => (
                <Button
                  {...props}
                  size="xs"
                  variant="light"
                  leftSection={<IconPhotoPlus size={14} />}
                  loading={upload.isPending}
                  disabled={images.length >= NEWS_CAROUSEL_MAX}
                >
                  Adicionar imagem
                </Button>
              )}
            </FileButton>
          </Group>
          {images.length === 0 && (
            <Text size="xs" c="dimmed">
              Nenhuma imagem. PNG, JPEG ou WebP de até 2 MB.
            </Text>
          )}
          {images.map((image, index) => (
            <Group key={image.src} gap="xs" wrap="nowrap">
              <Image src={image.src} alt="" w={64} h={40} radius="sm" fit="cover" />
              <TextInput
                aria-label={`Descrição da imagem ${index + 1}`}
                placeholder="Descrição"
                style={{ flex: 1 }}
                value={image.description}
                onChange={(e) => {
                  const description = e.currentTarget.value;
                  setImages((list) =>
                    list.map((item, at) => (at === index ? { ...item, description } : item)),
                  );
                }}
                error={errors[`carouselInfo.${index}.description`] ?? errors[`carouselInfo.${index}.src`]}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remover imagem ${index + 1}`}
                onClick={() => setImages((list) => list.filter((_, at) => at !== index))}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          ))}
        </Stack>
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button type="submit" loading={saving}>
            Salvar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
