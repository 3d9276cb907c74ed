import {
  Button,
  Group,
  Loader,
  Modal,
  Radio,
  ScrollArea,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import {
  DEFAULT_TRANSFER_DISTRIBUTION,
  isClosedStageType,
  type TransferDistribution,
} from '@vendaval/core/constants';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { type ReactNode, useState } from 'react';
import { useSession } from '../../../lib/session.ts';
import { showErrorToasts, showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { WORKSPACE_SEARCH_DEBOUNCE_MS } from '../../../ui/search-debounce.ts';
import { useMyWorkspacesQuery } from '../api/use-my-workspaces-query.ts';
import {
  isAlreadyClosedError,
  type TransferVariables,
  useTransferOpportunityMutation,
} from '../api/use-transfer-opportunity-mutation.ts';
import { useWorkspaceMembersQuery } from '../api/use-workspace-members-query.ts';
import { useWorkspaceStagesQuery } from '../api/use-workspace-stages-query.ts';

export const TRANSFER_TITLE = 'Transferir para outra área de trabalho';

function WorkspaceList({ value, onChange }: { value: number | null; onChange: (id: number) => void }) {
  const { workspaceId } = useSession();
  const [text, setText] = useState('');
  const [search] = useDebouncedValue(text.trim(), WORKSPACE_SEARCH_DEBOUNCE_MS);
  const query = useMyWorkspacesQuery(search, true);
  const term = search.toLowerCase();
  const workspaces = (query.data?.pages.flatMap((p) => p.data) ?? []).filter(
    (w) => w.id !== workspaceId && w.name.toLowerCase().includes(term),
  );
  return (
    <Stack gap="xs">
      <TextInput
        label="Buscar área de trabalho"
        leftSection={<IconSearch size={16} />}
        value={text}
        onChange={(event) => setText(event.currentTarget.value)}
        data-autofocus
      />
      <Radio.Group
        label="Área de trabalho"
        required
        value={value === null ? null : String(value)}
        onChange={(v) => onChange(Number(v))}
      >
        <ScrollArea.Autosize mah={180} type="auto">
          <Stack gap={6} py={4}>
            {workspaces.map((w) => (
              <Radio key={w.id} value={String(w.id)} label={w.name} />
            ))}
            {query.isFetching && <Loader size="xs" aria-label="Carregando áreas de trabalho" />}
            {!query.isFetching && workspaces.length === 0 && (
              <Text size="sm" c="dimmed">
                Nenhuma outra área de trabalho encontrada.
              </Text>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Radio.Group>
      {query.hasNextPage && (
        <Button
          variant="subtle"
          size="xs"
          onClick={() => void query.fetchNextPage()}
          loading={query.isFetchingNextPage}
        >
          Carregar mais
        </Button>
      )}
    </Stack>
  );
}

type Draft = {
  workspaceId: number | null;
  stageId: string | null;
  distribution: TransferDistribution;
  userId: string | null;
  keepUser: boolean;
};

const EMPTY: Draft = {
  workspaceId: null,
  stageId: null,
  distribution: DEFAULT_TRANSFER_DISTRIBUTION,
  userId: null,
  keepUser: false,
};

/** What is missing, in the order the spec checks it. */
function missing(draft: Draft): string | null {
  if (draft.workspaceId === null) return MESSAGES.transferWorkspaceRequired;
  if (draft.stageId === null) return MESSAGES.stageRequired;
  if (!draft.keepUser && draft.distribution === 'SpecificUser' && draft.userId === null)
    return MESSAGES.responsibleRequired;
  return null;
}

function TargetFields({
  draft,
  set,
  tried,
}: {
  draft: Draft;
  set: (patch: Partial<Draft>) => void;
  tried: boolean;
}) {
  const stages = useWorkspaceStagesQuery(draft.workspaceId).data ?? [];
  const members =
    useWorkspaceMembersQuery(draft.distribution === 'SpecificUser' ? draft.workspaceId : null, '').data ?? [];
  const open = stages
    .filter((s) => !isClosedStageType(s.type))
    .sort((a, b) => a.display_order - b.display_order);
  return (
    <>
      <Select
        label="Etapa"
        required
        placeholder="Escolha a etapa"
        data={open.map((s) => ({ value: String(s.id), label: s.name }))}
        value={draft.stageId}
        onChange={(stageId) => set({ stageId })}
        disabled={draft.workspaceId === null}
        error={tried && draft.workspaceId !== null && !draft.stageId ? MESSAGES.stageRequired : undefined}
      />
      <Switch
        label="Manter o responsável atual"
        checked={draft.keepUser}
        onChange={(event) => set({ keepUser: event.currentTarget.checked })}
      />
      {!draft.keepUser && (
        <Radio.Group
          label="Distribuição"
          value={draft.distribution}
          onChange={(value) => set({ distribution: value as TransferDistribution, userId: null })}
        >
          <Stack gap={6} mt={4}>
            <Radio value="WorkspaceConfiguration" label="Conforme a configuração da área de trabalho" />
            <Radio value="SpecificUser" label="Usuário específico" />
          </Stack>
        </Radio.Group>
      )}
      {!draft.keepUser && draft.distribution === 'SpecificUser' && (
        <Select
          label="Responsável"
          required
          searchable
          data={members.map((m) => ({ value: String(m.id), label: m.name }))}
          value={draft.userId}
          onChange={(userId) => set({ userId })}
          disabled={draft.workspaceId === null}
          error={tried && !draft.userId ? MESSAGES.responsibleRequired : undefined}
        />
      )}
    </>
  );
}

type TransferModalProps = {
  opened: boolean;
  onClose: () => void;
  opportunityId: number;
  onTransferred: () => void;
};

/** Moves the card to another of the user's workspaces, into an open stage, with its responsible rule. */
export function TransferModal({ opened, onClose, opportunityId, onTransferred }: TransferModalProps) {
  const transfer = useTransferOpportunityMutation(opportunityId);
  return (
    <TransferTargetModal
      opened={opened}
      onClose={onClose}
      pending={transfer.isPending}
      onSubmit={(variables, close) =>
        transfer.mutate(variables, {
          onSuccess: () => {
            showSuccessToast(MESSAGES.opportunityTransferred);
            close();
            onTransferred();
          },
          onError: (error) =>
            isAlreadyClosedError(error)
              ? showWarningToast(TOASTS.opportunityClosed.message, TOASTS.opportunityClosed.title)
              : showErrorToasts(error),
        })
      }
    />
  );
}

type TransferTargetModalProps = {
  opened: boolean;
  onClose: () => void;
  pending: boolean;
  /** What the user chose, checked; `close` empties and closes the modal. */
  onSubmit: (variables: TransferVariables, close: () => void) => void;
  /** Above the fields: what is being transferred. */
  children?: ReactNode;
};

/** The transfer's target: workspace, open stage and responsible rule, for one card or for many. */
export function TransferTargetModal({
  opened,
  onClose,
  pending,
  onSubmit,
  children,
}: TransferTargetModalProps) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [tried, setTried] = useState(false);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const close = () => {
    setDraft(EMPTY);
    setTried(false);
    onClose();
  };
  const submit = () => {
    setTried(true);
    const problem = missing(draft);
    if (problem) return showWarningToast(problem);
    onSubmit(
      {
        workspace_id: draft.workspaceId as number,
        sales_stage_id: Number(draft.stageId),
        user_id: !draft.keepUser && draft.distribution === 'SpecificUser' ? Number(draft.userId) : null,
        keep_user_id: draft.keepUser,
        distribution: draft.distribution,
      },
      close,
    );
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={TRANSFER_TITLE}
      centered
      closeButtonProps={{ 'aria-label': 'Fechar' }}
    >
      {opened && (
        <Stack gap="md">
          {children}
          <WorkspaceList
            value={draft.workspaceId}
            onChange={(workspaceId) => set({ workspaceId, stageId: null, userId: null })}
          />
          <TargetFields draft={draft} set={set} tried={tried} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close}>
              Cancelar
            </Button>
            <Button onClick={submit} loading={pending}>
              Transferir
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
