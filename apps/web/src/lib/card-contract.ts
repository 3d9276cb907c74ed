import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { type ComponentType, createContext, useContext } from 'react';

export type CardContractProps = { opportunity: Opportunity };

/**
 * What the contracts feature puts into the card's edit form: the enrolment form and the way to the charge's
 * payment. The app provides it, so the card modal and the contracts feature never import each other.
 */
export type CardContractSlots = {
  Enrollment: ComponentType<CardContractProps>;
};

export const CardContractContext = createContext<CardContractSlots | null>(null);

export function useCardContractSlots(): CardContractSlots | null {
  return useContext(CardContractContext);
}
