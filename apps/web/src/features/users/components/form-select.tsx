import { Select } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

type FormSelectProps<T extends FieldValues> = {
  control: Control<T>;
  name: Path<T>;
  label: string;
  data: { value: string; label: string }[];
  placeholder?: string;
  disabled?: boolean;
  error?: string | undefined;
};

/** A required single choice bound to a react-hook-form field; an empty choice is ''. */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  label,
  data,
  placeholder,
  disabled,
  error,
}: FormSelectProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Select
          label={label}
          placeholder={placeholder}
          data={data}
          value={field.value || null}
          onChange={(value) => field.onChange(value ?? '')}
          onBlur={field.onBlur}
          ref={field.ref}
          disabled={disabled}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
          error={error}
        />
      )}
    />
  );
}

type RoleSelectProps<T extends FieldValues> = Pick<FormSelectProps<T>, 'control' | 'name' | 'error'> & {
  roles: { options: FormSelectProps<T>['data']; loading: boolean };
};

/** The 'Função' choice of the invitation and role forms: only the roles the caller may assign. */
export function RoleSelect<T extends FieldValues>({ roles, ...field }: RoleSelectProps<T>) {
  return (
    <FormSelect
      {...field}
      label="Função"
      placeholder={roles.loading ? 'Carregando…' : 'Selecione a função'}
      data={roles.options}
      disabled={roles.loading}
    />
  );
}
