import type { AutomationNotifyTarget } from '@vendaval/core/schemas/automations';
import type { Scope } from '../../infra/tenancy/scope.ts';

/** What the automations tell the features that act for them. */
export interface AutomationEvents {
  /** A "notify users" step: the notifications feature tells the people it names about the card. */
  'automation.notify': {
    scope: Scope;
    automation: { id: number; name: string };
    /** Which run and step, so a notification is made once per step whatever the retries. */
    stepKey: string;
    card: { id: number; name: string; userId: number | null };
    to: AutomationNotifyTarget;
    userIds: number[];
    message: string;
  };
}

declare module '../../infra/events.ts' {
  interface DomainEventMap extends AutomationEvents {}
}
