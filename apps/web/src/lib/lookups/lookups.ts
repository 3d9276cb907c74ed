import type {
  Campaign,
  InteractionType,
  Media,
  Objection,
  OpportunityType,
  Product,
  SalesStage,
  Tag,
  TaskType,
} from '@vendaval/core/schemas/catalog';
import type { Form } from '@vendaval/core/schemas/forms';
import type { Member } from '@vendaval/core/schemas/users';
import { useLookupQuery } from './use-lookup-query.ts';

// The lookups the pipeline, the card forms and the task form share (opportunities.md §7: fetched once).

export const useSalesStagesQuery = () => useLookupQuery<SalesStage>('sales-stages');
export const useTagsQuery = () => useLookupQuery<Tag>('tags');
export const useObjectionsQuery = () => useLookupQuery<Objection>('objections');
export const useCampaignsQuery = () => useLookupQuery<Campaign>('campaigns');
export const useMediasQuery = () => useLookupQuery<Media>('medias');
export const useProductsQuery = () => useLookupQuery<Product>('products');
export const useTaskTypesQuery = () => useLookupQuery<TaskType>('task-types');
export const useInteractionTypesQuery = () => useLookupQuery<InteractionType>('interaction-types');
export const useOpportunityTypesQuery = () => useLookupQuery<OpportunityType>('opportunity-types');

/** Members at work (operational status Working), as the task form and the pickers list them. */
export const useWorkingMembersQuery = () =>
  useLookupQuery<Member>('users', { operational_status: 'Working', hide_parent_users: 'false' });

/**
 * The people at work the caller may give a task to (platform.md §7 users-in-hierarchy): everyone for the admin
 * roles, a managing role's own team and whoever reports to nobody, anyone else themself.
 */
export const useHierarchyMembersQuery = () =>
  useLookupQuery<Member>('users-in-hierarchy', { operational_status: 'Working', hide_parent_users: 'false' });

/** The workspace's marketing forms, for the board's forms filter. */
export const useFormsLookupQuery = () => useLookupQuery<Form>('forms');
