import type { ExportKind } from '@vendaval/core/schemas/exports';
import type { Scope } from '../../infra/tenancy/scope.ts';

/** What the exports tell the features that react to them. */
export interface ExportEvents {
  /** An export's file is ready (`done`), or its job gave up after the last attempt (`failed`). */
  'export.finished': {
    scope: Scope;
    exportId: string;
    /** Who asked for it: the only one who may download it. */
    userId: number;
    kind: ExportKind;
    status: 'done' | 'failed';
    filename: string;
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends ExportEvents {}
}
