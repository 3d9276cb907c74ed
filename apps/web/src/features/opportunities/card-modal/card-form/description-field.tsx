import { Textarea, type TextareaProps } from '@mantine/core';
import { OPPORTUNITY_DESCRIPTION_MAX } from '@vendaval/core/constants';
import { TOASTS } from '@vendaval/core/messages';
import type { Ref } from 'react';
import { showWarningToast } from '../../../../lib/toasts.ts';

/** Text longer than 10.000 characters is cut when the field is left, with the limit warning. */
export function cutDescription(text: string): string {
  if (text.length <= OPPORTUNITY_DESCRIPTION_MAX) return text;
  showWarningToast(TOASTS.descriptionLimit.message, TOASTS.descriptionLimit.title);
  return text.slice(0, OPPORTUNITY_DESCRIPTION_MAX);
}

type DescriptionFieldProps = Omit<TextareaProps, 'value' | 'onChange' | 'onBlur'> & {
  value: string;
  onChange: (text: string) => void;
  onBlur?: () => void;
  ref?: Ref<HTMLTextAreaElement>;
};

export function DescriptionField({ value, onChange, onBlur, ...props }: DescriptionFieldProps) {
  return (
    <Textarea
      autosize
      minRows={3}
      maxRows={10}
      {...props}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      onBlur={() => {
        const cut = cutDescription(value);
        if (cut !== value) onChange(cut);
        onBlur?.();
      }}
    />
  );
}
