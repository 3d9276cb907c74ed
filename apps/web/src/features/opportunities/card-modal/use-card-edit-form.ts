import { zodResolver } from '@hookform/resolvers/zod';
import { MESSAGES } from '@vendaval/core/messages';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useEffect, useRef } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { showSuccessToast, showWarningToast } from '../../../lib/toasts.ts';
import { useUpdateOpportunityMutation } from '../api/use-update-opportunity-mutation.ts';
import {
  type CardFormValues,
  cardFormSchema,
  ORIGIN_FIELDS,
  opportunityToValues,
  updatePayload,
} from './card-form/card-form-values.ts';

export type FormTab = 'data' | 'origin';

/** The tab of the edit form that holds the first field in error. */
export function tabOfErrors(errors: FieldErrors<CardFormValues>): FormTab {
  const fields = Object.keys(errors) as (keyof CardFormValues)[];
  return fields.length > 0 && fields.every((f) => ORIGIN_FIELDS.includes(f)) ? 'origin' : 'data';
}

/** The edit form of a card; what the server changes (a move, a close) flows in unless the user edited it. */
export function useCardEditForm(opportunity: Opportunity) {
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema, { error: ptBrIssue }),
    defaultValues: opportunityToValues(opportunity),
  });
  const synced = useRef(opportunity.updated_at);
  useEffect(() => {
    if (synced.current === opportunity.updated_at) return;
    synced.current = opportunity.updated_at;
    form.reset(opportunityToValues(opportunity), { keepDirtyValues: true });
  }, [opportunity, form]);
  return form;
}

type SaveOptions = { onInvalid: (tab: FormTab) => void };

/** Saves the whole form; a failed validation warns and shows the tab with the error. Resolves to success. */
export function useSaveCard(
  opportunity: Opportunity,
  form: ReturnType<typeof useCardEditForm>,
  { onInvalid }: SaveOptions,
) {
  const update = useUpdateOpportunityMutation(opportunity.id);
  const save = ({ announce = false } = {}) =>
    new Promise<boolean>((resolve) => {
      const valid = (values: CardFormValues) =>
        update.mutate(updatePayload(values, opportunity), {
          onSuccess: (saved) => {
            form.reset(saved && 'id' in saved ? opportunityToValues(saved) : values);
            if (announce) showSuccessToast(MESSAGES.opportunitySaved);
            resolve(true);
          },
          onError: () => resolve(false),
        });
      const invalid = (errors: FieldErrors<CardFormValues>) => {
        showWarningToast(MESSAGES.requiredFields);
        onInvalid(tabOfErrors(errors));
        resolve(false);
      };
      void form.handleSubmit(valid, invalid)();
    });
  return { save, saving: update.isPending };
}
