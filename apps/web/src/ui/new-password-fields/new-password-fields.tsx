import { PasswordInput } from '@mantine/core';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { PASSWORD_HINT } from './password-rules.ts';

/** A new password and its confirmation, as the forms that set one ask for them. */
export function NewPasswordFields({
  label,
  password,
  confirmation,
  errors,
}: {
  label: string;
  password: UseFormRegisterReturn;
  confirmation: UseFormRegisterReturn;
  errors: { password?: string | undefined; confirmation?: string | undefined };
}) {
  return (
    <>
      <PasswordInput
        label={label}
        description={PASSWORD_HINT}
        autoComplete="new-password"
        error={errors.password}
        {...password}
      />
      <PasswordInput
        label="Confirmar senha"
        autoComplete="new-password"
        error={errors.confirmation}
        {...confirmation}
      />
    </>
  );
}
