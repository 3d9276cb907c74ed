import { isClosedStageType } from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';

/** Columns of the board: the open stages in display order, then the Won and then the Lost stages. */
export function boardStages(stages: readonly SalesStage[]): SalesStage[] {
  const ordered = [...stages].sort((a, b) => a.display_order - b.display_order || a.id - b.id);
  return [
    ...ordered.filter((s) => !isClosedStageType(s.type)),
    ...ordered.filter((s) => s.type === 'Won'),
    ...ordered.filter((s) => s.type === 'Lost'),
  ];
}
