import type { ContractPaymentStatus } from '@vendaval/core/constants';

/** The status card's colours (opportunities.md §4.5): amber pending, blue paid, red cancelled. */
export const CONTRACT_STATUS_COLORS: Record<ContractPaymentStatus, string> = {
  Pending: 'yellow',
  Succeeded: 'blue',
  Canceled: 'red',
};
