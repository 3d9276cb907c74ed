import {
  Badge,
  Button,
  Center,
  Group,
  Loader,
  Modal,
  Stack,
  Tabs,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDeviceFloppy, IconPlus, IconRocket } from '@tabler/icons-react';
import type { Automation, AutomationDefinition } from '@vendaval/core/schemas/automations';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { useSession } from '../../lib/session.ts';
import { showSuccessToast } from '../../lib/toasts.ts';
import {
  useCreateAutomationMutation,
  usePublishAutomationMutation,
  useUpdateAutomationMutation,
} from './api/use-automation-mutations.ts';
import { useAutomationVersionsQuery } from './api/use-automation-versions-query.ts';
import { useAutomationQuery, useAutomationsQuery } from './api/use-automations-query.ts';
import { fieldErrorsOf, type NodeKey, nodeOfPath } from './automation-errors.ts';
import { AutomationEditor } from './components/automation-editor.tsx';
import { AutomationList } from './components/automation-list.tsx';
import { PublishModal } from './components/publish-modal.tsx';
import { RecipeGallery } from './components/recipe-gallery.tsx';
import { RunLog } from './components/run-log.tsx';
import { VersionsPanel } from './components/versions-panel.tsx';

/** A new automation starts with one step that needs no list: wait an hour after a card is created. */
const STARTER: AutomationDefinition = {
  trigger: { type: 'card_created', sources: [] },
  conditions: { stage_ids: [], source_types: [], campaign_ids: [], media_ids: [], tag_ids: [], user_ids: [] },
  actions: [{ type: 'wait', amount: 1, unit: 'hours' }],
};

/** /automation: the workspace's automations; `?id=` opens one in the editor, its versions and its run log. */
export function AutomationsPage() {
  const { workspaceId } = useSession();
  const [params, setParams] = useSearchParams();
  const id = Number(params.get('id')) || null;
  const open = (automation: Automation | null) => setParams(automation ? { id: String(automation.id) } : {});
  return id === null ? (
    <AutomationsIndex workspaceId={workspaceId} onOpen={open} />
  ) : (
    <AutomationDetail workspaceId={workspaceId} id={id} onBack={() => open(null)} />
  );
}

function AutomationsIndex({
  workspaceId,
  onOpen,
}: {
  workspaceId: number | null;
  onOpen: (automation: Automation) => void;
}) {
  const list = useAutomationsQuery(workspaceId);
  const create = useCreateAutomationMutation(workspaceId);
  const [creating, setCreating] = useState(false);
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, definition: STARTER, enabled: true },
      {
        onSuccess: (created) => {
          setCreating(false);
          setName('');
          onOpen(created);
        },
      },
    );
  };
  const nameError = create.error instanceof ApiError ? fieldErrorsOf(create.error.body).name : undefined;

  return (
    <Stack p="md" gap="lg" maw={960} mx="auto" w="100%">
      <Group justify="space-between" gap="sm">
        <Title order={2}>Automações</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Nova automação
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Quando algo acontece com uma oportunidade, o CRM faz o próximo passo. Só a versão publicada roda.
      </Text>
      <AutomationList workspaceId={workspaceId} automations={list.data?.data} onOpen={onOpen} />
      <RecipeGallery workspaceId={workspaceId} onCreated={onOpen} />
      <Modal opened={creating} onClose={() => setCreating(false)} title="Nova automação" centered>
        <form onSubmit={submit}>
          <Stack gap="sm">
            <TextInput
              label="Nome"
              required
              data-autofocus
              value={name}
              error={nameError}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setCreating(false)}>
                Cancelar
              </Button>
              <Button type="submit" loading={create.isPending}>
                Criar
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Stack>
  );
}

function AutomationDetail({
  workspaceId,
  id,
  onBack,
}: {
  workspaceId: number | null;
  id: number;
  onBack: () => void;
}) {
  const query = useAutomationQuery(workspaceId, id);
  const automation = query.data;
  if (!automation) {
    return (
      <Center py="xl">
        {query.isError ? (
          <Text c="dimmed">Automação não encontrada.</Text>
        ) : (
          <Loader aria-label="Carregando" />
        )}
      </Center>
    );
  }
  return (
    <AutomationWorkspace
      key={automation.id}
      workspaceId={workspaceId}
      automation={automation}
      onBack={onBack}
    />
  );
}

function AutomationWorkspace({
  workspaceId,
  automation,
  onBack,
}: {
  workspaceId: number | null;
  automation: Automation;
  onBack: () => void;
}) {
  const [name, setName] = useState(automation.name);
  const [definition, setDefinition] = useState(automation.definition);
  const [selected, setSelected] = useState<NodeKey>('trigger');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [publishing, setPublishing] = useState(false);
  const update = useUpdateAutomationMutation(workspaceId);
  const publish = usePublishAutomationMutation(workspaceId);
  const versions = useAutomationVersionsQuery(workspaceId, automation.id);
  const live = versions.data?.data.find((version) => version.is_live)?.definition ?? null;
  const dirty =
    name !== automation.name || JSON.stringify(definition) !== JSON.stringify(automation.definition);

  // A save elsewhere (another tab, a version made live) refreshes the draft unless the user holds edits.
  const saved = JSON.stringify(automation.definition);
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new saved draft resets the form
  useEffect(() => {
    if (!dirty) setDefinition(automation.definition);
  }, [saved]);

  const save = () =>
    update.mutate(
      { id: automation.id, input: { name, definition } },
      {
        onSuccess: (next) => {
          setErrors({});
          setDefinition(next.definition);
          showSuccessToast('Rascunho salvo.');
        },
        onError: (error) => {
          const found = error instanceof ApiError ? fieldErrorsOf(error.body) : {};
          setErrors(found);
          const first = Object.keys(found)
            .map(nodeOfPath)
            .find((node) => node !== null);
          if (first !== undefined) setSelected(first);
        },
      },
    );
  const doPublish = () =>
    publish.mutate(automation.id, {
      onSuccess: (version) => {
        setPublishing(false);
        showSuccessToast(`Versão ${version.number} publicada.`);
      },
    });
  const change = (next: AutomationDefinition) => {
    setDefinition(next);
    if (selected !== 'trigger' && selected !== 'conditions' && selected >= next.actions.length) {
      setSelected(next.actions.length - 1);
    }
  };

  return (
    <Stack p="md" gap="md" maw={1280} mx="auto" w="100%">
      <Group justify="space-between" gap="sm" align="flex-end">
        <Group gap="sm" align="flex-end" style={{ flex: '1 1 280px' }}>
          <Button variant="subtle" leftSection={<IconArrowLeft size={16} />} onClick={onBack} px="xs">
            Automações
          </Button>
          <TextInput
            aria-label="Nome da automação"
            value={name}
            error={errors.name}
            onChange={(event) => setName(event.currentTarget.value)}
            style={{ flex: '1 1 200px' }}
          />
          {automation.live_version_number !== null && (
            <Badge color="green" variant="light">{`Publicada v${automation.live_version_number}`}</Badge>
          )}
          {(automation.has_unpublished_changes || dirty) && (
            <Badge color="yellow" variant="light">
              {dirty
                ? 'Alterações não salvas'
                : automation.live_version_number === null
                  ? 'Rascunho'
                  : 'Rascunho com alterações'}
            </Badge>
          )}
        </Group>
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} />}
            disabled={!dirty}
            loading={update.isPending}
            onClick={save}
          >
            Salvar rascunho
          </Button>
          <Button
            leftSection={<IconRocket size={16} />}
            disabled={dirty || !automation.has_unpublished_changes}
            title={dirty ? 'Salve o rascunho antes de publicar' : undefined}
            onClick={() => setPublishing(true)}
          >
            Publicar
          </Button>
        </Group>
      </Group>
      <Tabs defaultValue="flow" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="flow">Fluxo</Tabs.Tab>
          <Tabs.Tab value="versions">Versões</Tabs.Tab>
          <Tabs.Tab value="logs">Execuções</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="flow" pt="md">
          <AutomationEditor
            definition={definition}
            selected={selected}
            errors={errors}
            onSelect={setSelected}
            onChange={change}
          />
        </Tabs.Panel>
        <Tabs.Panel value="versions" pt="md">
          <VersionsPanel
            workspaceId={workspaceId}
            automation={automation}
            versions={versions.data?.data}
            draft={definition}
          />
        </Tabs.Panel>
        <Tabs.Panel value="logs" pt="md">
          <RunLog workspaceId={workspaceId} automationId={automation.id} />
        </Tabs.Panel>
      </Tabs>
      <PublishModal
        workspaceId={workspaceId}
        automation={automation}
        live={live}
        opened={publishing}
        publishing={publish.isPending}
        onPublish={doPublish}
        onClose={() => setPublishing(false)}
      />
    </Stack>
  );
}
