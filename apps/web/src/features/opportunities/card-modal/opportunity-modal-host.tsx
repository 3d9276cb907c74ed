import { lazy, Suspense } from 'react';
import { closeOpportunityModal, useOpportunityModalRequest } from '../../../lib/opportunity-modal.ts';

// The card modal is loaded the first time a card is opened, not with the shell.
const OpportunityDetailModal = lazy(async () => ({
  default: (await import('./opportunity-detail-modal.tsx')).OpportunityDetailModal,
}));

/** The one card modal of the app, shown for whatever openOpportunityModal() asked last. */
export function OpportunityModalHost() {
  const request = useOpportunityModalRequest();
  if (!request) return null;
  return (
    <Suspense fallback={null}>
      <OpportunityDetailModal
        key={`${request.id}:${request.tab ?? ''}:${request.action ?? ''}:${request.mode ?? ''}`}
        request={request}
        mode={request.mode ?? 'default'}
        onClose={closeOpportunityModal}
      />
    </Suspense>
  );
}
