import { Anchor, Group, NavLink, Paper, Select, Stack, Text, Title } from '@mantine/core';
import type { AdminList } from '@vendaval/core/constants';
import { useState } from 'react';
import { Link } from 'react-router';
import { useCurrentWorkspace } from '../../lib/current-workspace.ts';
import { useIsMobile } from '../../ui/responsive.ts';
import { DigitalEmployeesPanel } from './components/digital-employees-panel.tsx';
import { draftIsEmpty, EMPTY_DRAFT, type ListDraft, ListEditor } from './components/list-editor.tsx';
import { WebhooksSection } from './components/webhooks-section.tsx';
import { LIST_DEFINITIONS } from './list-definitions.ts';

/** Lists that have a screen of their own. */
const OTHER_SCREENS = [
  { to: '/pipeline-management', label: 'Etapas do funil' },
  { to: '/users', label: 'Usuários' },
  { to: '/contacts', label: 'Contatos' },
  { to: '/workspace-management', label: 'Workspaces' },
];

/** Lists with an editor of their own, after the admin lists in the menu. */
const PANELS = [
  { list: 'digital-employees', label: 'Funcionários digitais' },
  { list: 'webhooks', label: 'Webhooks' },
] as const;
type Panel = (typeof PANELS)[number]['list'];
type Current = AdminList | Panel;
const isPanel = (list: Current): list is Panel => PANELS.some((p) => p.list === list);

/** /lists: every admin list of the workspace, one at a time, each with its own unsaved edits. */
export function ListsPage() {
  const workspace = useCurrentWorkspace();
  const mobile = useIsMobile();
  const [current, setCurrent] = useState<Current>('campaigns');
  const [drafts, setDrafts] = useState<Partial<Record<AdminList, ListDraft>>>({});
  const definition = LIST_DEFINITIONS.find((d) => d.list === current) ?? LIST_DEFINITIONS[0];
  if (!workspace || !definition) return null;
  // A list with unsaved edits is marked in the menu, so they are not forgotten when another list is open.
  const labelOf = (list: Current, label: string) => {
    const draft = isPanel(list) ? undefined : drafts[list];
    return draft && !draftIsEmpty(draft) ? `${label} •` : label;
  };

  const picker = mobile ? (
    <Select
      label="Lista"
      data={[...LIST_DEFINITIONS, ...PANELS].map((d) => ({ value: d.list, label: labelOf(d.list, d.label) }))}
      value={current}
      onChange={(v) => v && setCurrent(v as Current)}
      allowDeselect={false}
    />
  ) : (
    <Paper withBorder radius="md" p="xs" w={240} style={{ flexShrink: 0 }}>
      <Stack gap={2}>
        {[...LIST_DEFINITIONS, ...PANELS].map((d) => (
          <NavLink
            key={d.list}
            label={labelOf(d.list, d.label)}
            active={d.list === current}
            onClick={() => setCurrent(d.list)}
            variant="light"
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
        <Text size="xs" c="dimmed" px="sm" pt="sm">
          Em outras telas
        </Text>
        {OTHER_SCREENS.map((s) => (
          <NavLink
            key={s.to}
            component={Link}
            to={s.to}
            label={s.label}
            style={{ borderRadius: 'var(--mantine-radius-sm)' }}
          />
        ))}
      </Stack>
    </Paper>
  );

  return (
    <Stack gap="lg" maw={1300}>
      <Stack gap={2}>
        <Title order={1} size="h2">
          Editar Listas
        </Title>
        <Text size="sm" c="dimmed">
          Listas de {workspace.name}. As alterações de cada lista são salvas juntas.
        </Text>
      </Stack>
      <Group align="flex-start" gap="lg" wrap={mobile ? 'wrap' : 'nowrap'}>
        <Stack w={mobile ? '100%' : undefined}>{picker}</Stack>
        <Stack gap="sm" style={{ flex: 1, minWidth: 0 }}>
          <Title order={2} size="h3">
            {PANELS.find((p) => p.list === current)?.label ?? definition.label}
          </Title>
          {current === 'webhooks' ? (
            <WebhooksSection key={workspace.id} workspaceId={workspace.id} />
          ) : current === 'digital-employees' ? (
            <DigitalEmployeesPanel key={workspace.id} workspaceId={workspace.id} />
          ) : (
            <ListEditor
              key={`${workspace.id}-${definition.list}`}
              workspaceId={workspace.id}
              definition={definition}
              draft={drafts[definition.list] ?? EMPTY_DRAFT}
              onDraftChange={(draft) => setDrafts((all) => ({ ...all, [definition.list]: draft }))}
            />
          )}
          {mobile && (
            <Group gap="md">
              {OTHER_SCREENS.map((s) => (
                <Anchor key={s.to} component={Link} to={s.to} size="sm">
                  {s.label}
                </Anchor>
              ))}
            </Group>
          )}
        </Stack>
      </Group>
    </Stack>
  );
}
