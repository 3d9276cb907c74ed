import { Alert, Badge, Card, Group, Stack, Text } from '@mantine/core';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import {
  TEMPLATE_CATEGORY_LABELS,
  TEMPLATE_LANGUAGES,
  TEMPLATE_REJECTION_LABELS,
  TEMPLATE_STATUS_LABELS,
  type TemplateCategory,
} from '@vendaval/core/schemas/templates';
import { WhatsappPreview } from './whatsapp-preview.tsx';

const STATUS_COLORS: Record<string, string> = {
  APPROVED: 'green',
  PENDING: 'yellow',
  IN_APPEAL: 'yellow',
  REJECTED: 'red',
  DISABLED: 'red',
  PAUSED: 'orange',
};

const languageLabel = (code: string) => TEMPLATE_LANGUAGES.find((l) => l.code === code)?.label ?? code;
const categoryLabel = (category: string | null) =>
  category ? (TEMPLATE_CATEGORY_LABELS[category as TemplateCategory] ?? category) : 'Sem categoria';

/** One template: its name, Meta's status (with the reason of a rejection), category, language and preview. */
export function TemplateCard({ template }: { template: MessageTemplate }) {
  const status = TEMPLATE_STATUS_LABELS[template.status] ?? template.status;
  const reason = template.rejected_reason;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="template-card">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
          <Text fw={600} ff="monospace" size="sm" style={{ overflowWrap: 'anywhere' }}>
            {template.name}
          </Text>
          <Badge color={STATUS_COLORS[template.status] ?? 'gray'} variant="light" style={{ flexShrink: 0 }}>
            {status}
          </Badge>
        </Group>
        <Group gap={6}>
          <Badge variant="outline" color="gray" size="sm">
            {categoryLabel(template.category)}
          </Badge>
          <Badge variant="outline" color="gray" size="sm">
            {languageLabel(template.language)}
          </Badge>
        </Group>
        {reason && (
          <Alert color="red" variant="light" p="xs" title="Motivo informado pela Meta">
            <Text size="sm">
              {TEMPLATE_REJECTION_LABELS[reason] ?? reason} ({reason})
            </Text>
          </Alert>
        )}
        <WhatsappPreview components={template.components} label={`Pré-visualização de ${template.name}`} />
      </Stack>
    </Card>
  );
}
