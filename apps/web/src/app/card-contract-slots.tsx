import { lazy, Suspense } from 'react';
import type { CardContractProps, CardContractSlots } from '../lib/card-contract.ts';

// The enrolment form is loaded with the card's edit form, not with the shell.
const CardEnrollment = lazy(async () => ({
  default: (await import('../features/contracts/components/card-enrollment.tsx')).CardEnrollment,
}));

/** The contracts feature's piece of the card modal, as the app composes it. */
export const CARD_CONTRACT_SLOTS: CardContractSlots = {
  Enrollment: (props: CardContractProps) => (
    <Suspense fallback={null}>
      <CardEnrollment {...props} />
    </Suspense>
  ),
};
