import { Select, TextInput } from '@mantine/core';
import { CREATABLE_SOURCE_TYPES, SOURCE_TYPE_LABELS, type SourceType } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import type { ReactNode } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useCampaignsQuery, useMediasQuery } from '../../../../lib/lookups/lookups.ts';
import { showWarningToast } from '../../../../lib/toasts.ts';
import type { CardFormValues } from './card-form-values.ts';

type OriginFieldsProps = {
  form: UseFormReturn<CardFormValues>;
  /** A card made by URA, Bella or the site form keeps its origin and media. */
  locked?: boolean;
  /** The stored source, listed (not selectable) when people may not choose it, e.g. Importacao. */
  storedSource?: string;
};

function sourceOptions(storedSource: string | undefined) {
  const options = CREATABLE_SOURCE_TYPES.map((s) => ({ value: s, label: SOURCE_TYPE_LABELS[s] }));
  if (storedSource && !CREATABLE_SOURCE_TYPES.includes(storedSource as SourceType)) {
    const label = SOURCE_TYPE_LABELS[storedSource as SourceType] ?? storedSource;
    options.push({ value: storedSource as SourceType, label, disabled: true } as (typeof options)[number]);
  }
  return options;
}

/** A locked field answers a click with 'Campo Bloqueado'. */
function Lockable({ locked, children }: { locked: boolean; children: ReactNode }) {
  if (!locked) return children;
  return (
    <div onClickCapture={() => showWarningToast(TOASTS.fieldLocked.message, TOASTS.fieldLocked.title)}>
      {children}
    </div>
  );
}

/** 'Origem', 'Mídia', 'Site' and 'Campanha'. */
export function OriginFields({ form, locked = false, storedSource }: OriginFieldsProps) {
  const medias = useMediasQuery().data ?? [];
  const campaigns = useCampaignsQuery().data ?? [];
  return (
    <>
      <Lockable locked={locked}>
        <Controller
          control={form.control}
          name="source_type"
          render={({ field, fieldState }) => (
            <Select
              label="Origem"
              required={!locked}
              readOnly={locked}
              data={sourceOptions(storedSource)}
              allowDeselect={false}
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </Lockable>
      <Lockable locked={locked}>
        <Controller
          control={form.control}
          name="media_id"
          render={({ field, fieldState }) => (
            <Select
              label="Mídia"
              required={!locked}
              readOnly={locked}
              data={medias.map((m) => ({ value: String(m.id), label: m.name }))}
              searchable
              {...field}
              error={fieldState.error?.message}
            />
          )}
        />
      </Lockable>
      <TextInput
        label="Site"
        placeholder="https://"
        error={form.formState.errors.campaign_url?.message}
        {...form.register('campaign_url')}
      />
      <Controller
        control={form.control}
        name="campaign_id"
        render={({ field }) => (
          <Select
            label="Campanha"
            data={campaigns.map((c) => ({ value: String(c.id), label: c.name }))}
            searchable
            clearable
            {...field}
          />
        )}
      />
    </>
  );
}
