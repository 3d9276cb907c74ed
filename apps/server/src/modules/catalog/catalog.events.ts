import type { WorkspaceContext } from '../../infra/context.ts';

type StageRef = { id: number; name: string };

/** What the catalog tells the features that hang work off its lists. */
export interface CatalogEvents {
  /** A stage about to be deleted hands its cards to `to`, another open stage of the workspace. */
  'stage.emptying': { ctx: WorkspaceContext; from: StageRef; to: StageRef };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends CatalogEvents {}
}
