import type { Scope } from '../../infra/tenancy/scope.ts';

/** What the lead import tells the features that react to it. */
export interface LeadImportEvents {
  /** An import ended, every row read (`done`) or given up after its last attempt (`failed`). */
  'lead-import.finished': {
    scope: Scope;
    importId: number;
    /** Who uploaded it; null once they are gone. */
    userId: number | null;
    status: 'done' | 'failed';
    created: number;
    failed: number;
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends LeadImportEvents {}
}

/** The name of an import's result file. */
export const importReportName = (importId: number) => `importacao-${importId}.csv`;
