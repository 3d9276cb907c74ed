import { ActionIcon, Anchor, Code, Group, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCopy, IconExternalLink } from '@tabler/icons-react';
import type { Form } from '@vendaval/core/schemas/forms';
import { copyToClipboard } from '../../../ui/copy/copy-to-clipboard.ts';

/** The hosted page's address and the iframe another site pastes to show the form. */
export function formLinks(form: Pick<Form, 'public_id'>, origin = window.location.origin) {
  const page = `${origin}/f/${form.public_id}`;
  const embed = `${page}/embed`;
  const snippet = `<iframe src="${embed}" title="Formulário" style="width:100%;max-width:560px;min-height:640px;border:0" loading="lazy"></iframe>`;
  return { page, embed, snippet };
}

function Copyable({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={4}>
      <Text fw={600} size="sm">
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block data-testid={testId} style={{ flex: 1, wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
          {value}
        </Code>
        <Tooltip label="Copiar">
          <ActionIcon
            variant="default"
            aria-label={`Copiar ${label.toLowerCase()}`}
            onClick={() => void copyToClipboard(value)}
          >
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      </Group>
    </Stack>
  );
}

export function FormShareModal({ form, onClose }: { form: Form | null; onClose: () => void }) {
  const links = form ? formLinks(form) : null;
  return (
    <Modal opened={form !== null} onClose={onClose} title="Publicar formulário" size="lg" centered>
      {links && (
        <Stack gap="md">
          <Copyable label="Página do formulário" value={links.page} testId="form-page-link" />
          <Anchor href={links.page} target="_blank" rel="noopener" size="sm">
            <Group gap={4} component="span">
              Abrir página <IconExternalLink size={14} />
            </Group>
          </Anchor>
          <Copyable label="Código para incorporar" value={links.snippet} testId="form-embed-snippet" />
          <Text size="xs" c="dimmed">
            Cole o código no HTML do seu site. Parâmetros UTM no endereço da página ou do iframe (por exemplo
            ?utm_source=site) são guardados com cada resposta.
          </Text>
        </Stack>
      )}
    </Modal>
  );
}
