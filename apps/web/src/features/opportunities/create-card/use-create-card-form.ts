import { zodResolver } from '@hookform/resolvers/zod';
import {
  CREATABLE_SOURCE_TYPES,
  CREATION_STAGE_TYPES,
  DEFAULT_SOURCE_TYPE,
  type SourceType,
} from '@vendaval/core/constants';
import type { SalesStage } from '@vendaval/core/schemas/catalog';
import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { useOpportunityTypesQuery, useSalesStagesQuery } from '../../../lib/lookups/lookups.ts';
import { usePlatform } from '../../../lib/platform.ts';
import { useSession } from '../../../lib/session.ts';
import {
  type CardFormValues,
  cardFormSchema,
  EMPTY_CARD_VALUES,
} from '../card-modal/card-form/card-form-values.ts';

/** Stages a card may start in (First and PreSale), in board order. */
export function useCreationStages(): SalesStage[] {
  const stages = useSalesStagesQuery().data;
  return useMemo(
    () =>
      (stages ?? [])
        .filter((s) => (CREATION_STAGE_TYPES as readonly string[]).includes(s.type))
        .sort((a, b) => a.display_order - b.display_order),
    [stages],
  );
}

function presetSource(preset: string): SourceType {
  return CREATABLE_SOURCE_TYPES.includes(preset as SourceType) ? (preset as SourceType) : DEFAULT_SOURCE_TYPE;
}

/** The create form with the tenant's presets and the current user as responsible. */
export function useCreateCardForm() {
  const platform = usePlatform();
  const { user } = useSession();
  const form = useForm<CardFormValues>({
    resolver: zodResolver(cardFormSchema, { error: ptBrIssue }),
    defaultValues: {
      ...EMPTY_CARD_VALUES,
      user_id: user?.id ?? null,
      user_name: user?.name ?? '',
      source_type: presetSource(platform.preset_values.source_type),
      media_id: platform.preset_values.media_id === null ? null : String(platform.preset_values.media_id),
    },
  });
  useLoadedDefaults(form.getValues, form.setValue);
  return form;
}

type Get = ReturnType<typeof useForm<CardFormValues>>['getValues'];
type Set = ReturnType<typeof useForm<CardFormValues>>['setValue'];

/** The First stage and the default card type, once their lists arrive. */
function useLoadedDefaults(getValues: Get, setValue: Set) {
  const stages = useCreationStages();
  const types = useOpportunityTypesQuery().data;
  useEffect(() => {
    const first = stages.find((s) => s.type === 'First') ?? stages[0];
    if (first && getValues('sales_stage_id') === null) setValue('sales_stage_id', first.id);
  }, [stages, getValues, setValue]);
  useEffect(() => {
    const type = types?.find((t) => t.is_default) ?? types?.[0];
    if (type && getValues('opportunity_type_id') === null) setValue('opportunity_type_id', String(type.id));
  }, [types, getValues, setValue]);
}
