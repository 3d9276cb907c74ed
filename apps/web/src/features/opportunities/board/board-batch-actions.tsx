import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconUserShare } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import type { OpportunityBatch } from '@vendaval/core/schemas/opportunity-batches';
import type { Member } from '@vendaval/core/schemas/users';
import { useCallback, useState } from 'react';
import type { Query } from '../../../lib/http.ts';
import { showErrorToasts, showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { UserPickerModal } from '../../../ui/user-picker/user-picker-modal.tsx';
import { type BatchSelection, useBatchJob } from '../api/use-batch-job.ts';
import type { TransferVariables } from '../api/use-transfer-opportunity-mutation.ts';
import { TransferTargetModal } from '../card-modal/transfer-modal.tsx';
import classes from './board.module.css';
import type { BoardSelection } from './use-board-selection.ts';

const number = (n: number) => n.toLocaleString('pt-BR');
const cards = (n: number) => (n === 1 ? '1 card' : `${number(n)} cards`);

function told(batch: OpportunityBatch) {
  if (batch.status === 'failed') showWarningToast(MESSAGES.cardBatchFailed);
  else if (batch.action === 'assign') showSuccessToast(MESSAGES.cardBatchAssigned(batch.changed));
  else showSuccessToast(MESSAGES.cardBatchTransferred(batch.changed));
  if (batch.skipped > 0) showWarningToast(MESSAGES.cardBatchSkipped(batch.skipped));
}

type Props = {
  workspaceId: number;
  selection: BoardSelection;
  /** The board's filter query: what 'all of this filter' sends to the server. */
  query: Query;
  /** How many cards the filter shows on the board (the stage summary's sum); undefined while unknown. */
  total: number | undefined;
};

/**
 * The selection's bar: how many cards are picked, 'all of this filter', and the batch assign and transfer; then the
 * job's progress until it is over. Many cards, or a whole filter, are changed by a job on the server, page by page.
 */
export function BoardBatchActions({ workspaceId, selection, query, total }: Props) {
  const job = useBatchJob(workspaceId, useCallback(told, []));
  const [dialog, setDialog] = useState<'assign' | 'transfer' | null>(null);
  const picked = selection.all ? (total ?? 0) : selection.ids.size;
  const target = (): BatchSelection =>
    selection.all ? { filter: query } : { opportunity_ids: [...selection.ids] };

  const run = (request: Parameters<typeof job.start>[0], close: () => void) =>
    job.start(request).then(() => {
      close();
      selection.stop();
    }, showErrorToasts);
  const assign = (member: Member) =>
    void run({ action: 'assign', user_id: member.id, selection: target() }, () => setDialog(null));
  const transfer = (variables: TransferVariables, close: () => void) =>
    void run({ action: 'transfer', ...variables, selection: target() }, close);

  if (job.running) return <BatchProgress batch={job.progress} />;
  if (!selection.active) return null;
  return (
    <Paper withBorder radius="md" p="sm" className={classes.selectionBar} aria-label="Cards selecionados">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600} size="sm" aria-live="polite">
            {selection.all
              ? `Todos os ${cards(picked)} deste filtro selecionados`
              : picked === 0
                ? 'Clique nos cards para selecioná-los'
                : `${cards(picked)} ${picked === 1 ? 'selecionado' : 'selecionados'}`}
          </Text>
          <Group gap="xs">
            {!selection.all && total !== undefined && total > 0 && (
              <Button variant="subtle" size="compact-xs" onClick={selection.selectAll}>
                Selecionar todos os {number(total)} deste filtro
              </Button>
            )}
            {picked > 0 && (
              <Button variant="subtle" size="compact-xs" color="gray" onClick={selection.clear}>
                Limpar seleção
              </Button>
            )}
          </Group>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUserShare size={16} />}
            disabled={picked === 0}
            onClick={() => setDialog('assign')}
          >
            Atribuir
          </Button>
          <Button
            size="xs"
            leftSection={<IconArrowsExchange size={16} />}
            disabled={picked === 0}
            onClick={() => setDialog('transfer')}
          >
            Transferir
          </Button>
          <CloseButton aria-label="Sair da seleção" onClick={selection.stop} />
        </Group>
      </Group>
      <UserPickerModal opened={dialog === 'assign'} onClose={() => setDialog(null)} onPick={assign} />
      <TransferTargetModal
        opened={dialog === 'transfer'}
        onClose={() => setDialog(null)}
        pending={job.starting}
        onSubmit={transfer}
      >
        <Text size="sm">{cards(picked)} para transferir.</Text>
      </TransferTargetModal>
    </Paper>
  );
}

/** A running batch: how many cards of how many, and a bar. */
function BatchProgress({ batch }: { batch: OpportunityBatch | undefined }) {
  const verb = batch?.action === 'assign' ? 'Trocando o responsável' : 'Transferindo';
  const percent = batch?.total ? Math.round((batch.processed / batch.total) * 100) : 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      className={classes.selectionBar}
      role="status"
      aria-label="Andamento do lote"
    >
      <Group justify="space-between" mb={6}>
        <Text fw={600} size="sm">
          {batch ? `${verb} ${cards(batch.total)}…` : 'Iniciando…'}
        </Text>
        {batch && (
          <Text size="sm" c="dimmed">
            {number(batch.processed)} de {number(batch.total)}
          </Text>
        )}
      </Group>
      <Progress value={percent} size="lg" striped animated aria-label="Progresso do lote" />
    </Paper>
  );
}
