import { Card, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@vendaval/core/constants';
import { canChangeResponsible, canImportLeads } from '@vendaval/core/permissions';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useBoardEntryFilters } from '../../../lib/board-entry.ts';
import { useCurrentWorkspace } from '../../../lib/current-workspace.ts';
import { useSalesStagesQuery, useTagsQuery } from '../../../lib/lookups/lookups.ts';
import { useTerms } from '../../../lib/platform.ts';
import { useOpportunityTypeIcons } from '../../../ui/opportunity-type-icon/opportunity-type-icon.tsx';
import { useStageSummaryQuery } from '../api/use-stage-summary-query.ts';
import classes from './board.module.css';
import { BoardBatchActions } from './board-batch-actions.tsx';
import { BoardSkeleton, StagesError } from './board-columns.tsx';
import { useBoardFilters } from './board-filter-store.ts';
import { boardQuery, countActiveFilters } from './board-filters.ts';
import { BoardHeader } from './board-header.tsx';
import { BoardSelectionContext } from './board-selection-context.ts';
import { PipelineBoard } from './pipeline-board.tsx';
import { boardStages } from './stage-order.ts';
import { useBoardSelection } from './use-board-selection.ts';
import { useLazyDialog } from './use-lazy-dialog.ts';
import { useMoveFlow } from './use-move-flow.ts';
import { useNow } from './use-now.ts';

// Heavy and not needed for the first paint: fetched on first use.
const FilterDrawer = lazy(async () => ({ default: (await import('./filter-drawer.tsx')).FilterDrawer }));
const CreateCardModal = lazy(async () => ({
  default: (await import('../create-card/create-card-modal.tsx')).CreateCardModal,
}));
const LeadImportModal = lazy(async () => ({
  default: (await import('../lead-import/lead-import-modal.tsx')).LeadImportModal,
}));
const TaskFormModal = lazy(async () => ({
  default: (await import('../../../ui/task-form/task-form-modal.tsx')).TaskFormModal,
}));

const SEARCH_DEBOUNCE_MS = 500;
const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** The pipeline of opportunities (route /). */
export function BoardPage() {
  const membership = useCurrentWorkspace();
  if (!membership) {
    return (
      <Stack gap="lg" maw={960}>
        <Title order={1} size="h2">
          Pipeline
        </Title>
        <Card withBorder padding="lg" radius="md">
          <Text>
            Você ainda não participa de nenhum workspace. Peça a um administrador que envie um convite para
            você.
          </Text>
        </Card>
      </Stack>
    );
  }
  // Another workspace is another board: its own filters, columns and dialogs.
  return (
    <WorkspaceBoard
      key={membership.id}
      workspaceId={membership.id}
      workspaceName={membership.name}
      role={membership.role}
    />
  );
}

type WorkspaceBoardProps = { workspaceId: number; workspaceName: string; role: string };

function WorkspaceBoard({ workspaceId, workspaceName, role }: WorkspaceBoardProps) {
  const terms = useTerms();
  const mobile = useMediaQuery(MOBILE_QUERY, false, { getInitialValueInEffect: false });
  const { filters, keep } = useBoardFilters(workspaceId, role, useBoardEntryFilters());
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const query = useMemo(() => boardQuery(filters, debouncedSearch), [filters, debouncedSearch]);

  const stagesQuery = useSalesStagesQuery();
  const only = filters.sales_stage_id;
  const stages = useMemo(() => {
    const all = boardStages(stagesQuery.data ?? []);
    return only.length ? all.filter((s) => only.includes(s.id)) : all;
  }, [stagesQuery.data, only]);
  const tags = useTagsQuery();
  const tagsById = useMemo(() => new Map((tags.data ?? []).map((t) => [t.id, t])), [tags.data]);
  const summary = useStageSummaryQuery(workspaceId, query);
  const shown = useMemo(() => {
    if (!summary.data) return undefined;
    let count = 0;
    for (const totals of summary.data.values()) count += totals.count;
    return count;
  }, [summary.data]);
  const selection = useBoardSelection(query);
  const now = useNow();
  const typeIcons = useOpportunityTypeIcons();
  const context = useMemo(() => ({ tagsById, typeIcons, terms, now }), [tagsById, typeIcons, terms, now]);

  const flow = useMoveFlow(workspaceId);
  const drawer = useLazyDialog();
  const create = useLazyDialog();
  const leadImport = useLazyDialog();

  return (
    <div className={classes.page}>
      <BoardHeader
        workspaceName={workspaceName}
        mobile={mobile}
        search={search}
        onSearch={setSearch}
        activeFilters={countActiveFilters(filters)}
        onOpenFilters={drawer.open}
        onCreate={create.open}
        onImport={canImportLeads(role) ? leadImport.open : undefined}
        query={query}
        selecting={selection.active}
        onSelect={canChangeResponsible(role) ? selection.start : undefined}
      />
      {stagesQuery.isPending ? (
        <BoardSkeleton />
      ) : stagesQuery.isError ? (
        <StagesError onRetry={() => void stagesQuery.refetch()} />
      ) : (
        <BoardSelectionContext value={selection}>
          <PipelineBoard
            workspaceId={workspaceId}
            stages={stages}
            query={query}
            totals={summary.data}
            context={context}
            mobile={mobile}
            onDrop={flow.drop}
          />
        </BoardSelectionContext>
      )}
      <BoardBatchActions workspaceId={workspaceId} selection={selection} query={query} total={shown} />
      <Suspense fallback={null}>
        {drawer.loaded && (
          <FilterDrawer
            opened={drawer.opened}
            onClose={drawer.close}
            filters={filters}
            keep={keep}
            role={role}
            fullScreen={mobile}
          />
        )}
        {create.loaded && <CreateCardModal opened={create.opened} onClose={create.close} />}
        {leadImport.loaded && <LeadImportModal opened={leadImport.opened} onClose={leadImport.close} />}
        {flow.taskFor && (
          <TaskFormModal
            opened={flow.askingForTask}
            onClose={flow.taskCancelled}
            opportunity={flow.taskFor}
            registerOnly
            onSaved={flow.taskSaved}
          />
        )}
      </Suspense>
    </div>
  );
}
