import {
  type Icon,
  IconArrowRight,
  IconCalendarPlus,
  IconCalendarTime,
  IconCircleCheck,
  IconClockHour4,
  IconCurrencyReal,
  IconFileCertificate,
  IconFileImport,
  IconFileText,
  IconMessage,
  IconMessageOff,
  IconNotes,
  IconPackage,
  IconPhoneCheck,
  IconPhoneOutgoing,
  IconRefresh,
  IconRepeat,
  IconRotateClockwise,
  IconSend,
  IconSparkles,
  IconStar,
  IconThumbDown,
  IconTransfer,
  IconTrash,
  IconTrophy,
  IconUserCheck,
} from '@tabler/icons-react';
import type { LogType } from '@vendaval/core/constants';

export type EntryStyle = { icon: Icon; color: string };

const contract: EntryStyle = { icon: IconFileCertificate, color: 'indigo' };
const deleted: EntryStyle = { icon: IconTrash, color: 'red' };
const price: EntryStyle = { icon: IconCurrencyReal, color: 'teal' };
const product: EntryStyle = { icon: IconPackage, color: 'grape' };

/** Icon and colour of each kind of entry (opportunities.md §2.6). */
export const ENTRY_STYLES: Readonly<Record<LogType, EntryStyle>> = {
  OpportunityClosedWon: { icon: IconTrophy, color: 'green' },
  OpportunityClosedLost: { icon: IconThumbDown, color: 'red' },
  OpportunitySalesStageUpdated: { icon: IconArrowRight, color: 'blue' },
  OpportunityPriceUpdated: price,
  OpportunityPriceCreated: price,
  OpportunityProbabilityUpdated: { icon: IconStar, color: 'yellow' },
  OpportunityDescriptionUpdated: { icon: IconFileText, color: 'gray' },
  OpportunityProductCreated: product,
  OpportunityProductUpdated: product,
  OpportunityCreated: { icon: IconSparkles, color: 'blue' },
  OpportunityUserUpdated: { icon: IconUserCheck, color: 'orange' },
  OpportunityReopened: { icon: IconRefresh, color: 'cyan' },
  OpportunityRecreated: { icon: IconRepeat, color: 'cyan' },
  OpportunityTma: { icon: IconClockHour4, color: 'indigo' },
  TaskRegistry: { icon: IconNotes, color: 'teal' },
  TaskRegistryDeleted: deleted,
  TaskCreated: { icon: IconCalendarPlus, color: 'blue' },
  TaskClosed: { icon: IconCircleCheck, color: 'green' },
  TaskReopened: { icon: IconRotateClockwise, color: 'orange' },
  TaskDeleted: deleted,
  TaskRescheduled: { icon: IconCalendarTime, color: 'violet' },
  OpportunityTransferred: { icon: IconTransfer, color: 'orange' },
  ContractCreated: contract,
  ContractDeleted: deleted,
  ContractPaymentStatusUpdated: contract,
  ContractStatusUpdated: contract,
  ContractUpdated: contract,
  OpportunityRoomStatusClosed: { icon: IconMessageOff, color: 'gray' },
  OpportunityRoomStatusReopened: { icon: IconMessage, color: 'green' },
  OpportunityCallSuccess: { icon: IconPhoneCheck, color: 'green' },
  OpportunityCallAttempt: { icon: IconPhoneOutgoing, color: 'orange' },
  BatchMessageReply: { icon: IconSend, color: 'blue' },
  OpportunityCreatedFromImport: { icon: IconFileImport, color: 'blue' },
};
