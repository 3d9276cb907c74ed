import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  ColorInput,
  Group,
  NumberInput,
  PasswordInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import {
  type Platform,
  type PlatformCreate,
  platformCreateSchema,
  platformProfileSchema,
} from '@vendaval/core/schemas/platform';
import { TERM_KEYS, type Terms } from '@vendaval/core/terms';
import type { ReactNode } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import { ptBrIssue } from '../../../lib/form-errors.ts';

export type PlatformFormValues = PlatformCreate;

const TERM_LABELS: Readonly<Record<keyof Terms, string>> = {
  won_term: 'Ganho',
  lost_term: 'Perda',
  product_term: 'Produto',
  price_term: 'Valor',
  concluded_term: 'Conclusão',
  sales_rep_term: 'Atendente',
};

const SWITCHES = [
  { key: 'has_reset', label: 'Permite redefinir a senha' },
  { key: 'changeButton', label: 'Botão de troca (changeButton)' },
  { key: 'has_street_generation', label: 'Gera endereços pela rua' },
  { key: 'responsibleCheck', label: 'Confere o responsável do card' },
] as const;
const KEYS = [
  { key: 'planning', label: 'Planejamento (chave)' },
  { key: 'integrated_enroll', label: 'Integração de matrícula (chave)' },
  { key: 'calendar_actions', label: 'Ações do calendário' },
] as const;

/** The form's values of a stored profile; a new platform starts from the product's own (the operator's host). */
export function valuesOf(platform: Platform, withFirstWorkspace: boolean): PlatformFormValues {
  const { id: _id, favicon: _f, logos: _l, login_backgrounds: _b, ...profile } = platform;
  const first = { name: '', admin_name: '', admin_email: '', admin_password: '' };
  return { ...profile, first_workspace: withFirstWorkspace ? first : (undefined as never) };
}

/**
 * Every key of a white-label profile (platform.md §1) but the images. A new platform also names its first
 * workspace and that workspace's administrator.
 */
export function PlatformForm({
  values,
  isNew,
  saving,
  onSubmit,
  onCancel,
}: {
  values: PlatformFormValues;
  isNew: boolean;
  saving: boolean;
  onSubmit: (values: PlatformFormValues) => void;
  onCancel: () => void;
}) {
  const schema = isNew ? platformCreateSchema : platformProfileSchema;
  const form = useForm<PlatformFormValues>({
    resolver: zodResolver(schema as typeof platformCreateSchema, { error: ptBrIssue }),
    defaultValues: values,
  });
  const { errors } = form.formState;
  const { control, register } = form;

  return (
    <form
      onSubmit={form.handleSubmit(onSubmit)}
      noValidate
      aria-label={isNew ? 'Nova plataforma' : 'Perfil da plataforma'}
    >
      <Stack gap="lg">
        <Section title="Identidade e endereços">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Nome de exibição" {...register('name')} error={errors.name?.message} />
            <TextInput label="Nome curto" {...register('short_name')} error={errors.short_name?.message} />
            <TextInput label="Subtítulo" {...register('subtitle')} error={errors.subtitle?.message} />
            <TextInput
              label="Dono da marca"
              {...register('trademark_owner')}
              error={errors.trademark_owner?.message}
            />
          </SimpleGrid>
          <Controller
            control={control}
            name="hosts"
            render={({ field }) => (
              <TagsInput
                label="Endereços (hosts)"
                description="Enter adiciona um endereço, como crm.cliente.com.br. Cada endereço é de uma plataforma só."
                value={field.value}
                onChange={field.onChange}
                error={errors.hosts?.message ?? errors.hosts?.find?.((e) => e)?.message}
              />
            )}
          />
          <Controller
            control={control}
            name="spinner"
            render={({ field }) => (
              <Select
                label="Indicador de carregamento"
                data={[
                  { value: 'dark', label: 'Escuro' },
                  { value: 'light', label: 'Claro' },
                ]}
                value={field.value}
                onChange={(value) => value && field.onChange(value)}
                allowDeselect={false}
              />
            )}
          />
        </Section>

        <Section title="Cores">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Color
              control={control}
              name="palette.primary"
              label="Cor primária"
              error={errors.palette?.primary?.message}
            />
            <Color
              control={control}
              name="palette.secondary"
              label="Cor secundária"
              error={errors.palette?.secondary?.message}
            />
            <Color
              control={control}
              name="palette.nav"
              label="Cor do menu"
              error={errors.palette?.nav?.message}
            />
            <Color
              control={control}
              name="palette.button"
              label="Cor dos botões (opcional)"
              error={errors.palette?.button?.message}
              optional
            />
          </SimpleGrid>
        </Section>

        <Section title="Vocabulário">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {TERM_KEYS.map((key) => (
              <TextInput
                key={key}
                label={`Termo: ${TERM_LABELS[key]}`}
                {...register(`terms.${key}`)}
                error={errors.terms?.[key]?.message}
              />
            ))}
          </SimpleGrid>
        </Section>

        <Section title="Opções e valores predefinidos">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            {SWITCHES.map(({ key, label }) => (
              <Controller
                key={key}
                control={control}
                name={`flags.${key}`}
                render={({ field }) => (
                  <Switch
                    label={label}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.currentTarget.checked)}
                  />
                )}
              />
            ))}
            {KEYS.map(({ key, label }) => (
              <Controller
                key={key}
                control={control}
                name={`flags.${key}`}
                render={({ field }) => (
                  <TextInput
                    label={label}
                    description="Vazio: nenhuma."
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(event.currentTarget.value.trim() || null)}
                    error={errors.flags?.[key]?.message}
                  />
                )}
              />
            ))}
            <Controller
              control={control}
              name="flags.main_collaborator"
              render={({ field }) => (
                <Select
                  label="Quem recebe os novos cards"
                  data={[
                    { value: 'salesRep', label: 'Atendentes' },
                    { value: 'manager', label: 'Gerentes' },
                  ]}
                  value={field.value}
                  onChange={(value) => value && field.onChange(value)}
                  allowDeselect={false}
                />
              )}
            />
            <TextInput
              label="Origem predefinida"
              {...register('preset_values.source_type')}
              error={errors.preset_values?.source_type?.message}
            />
            <Controller
              control={control}
              name="preset_values.media_id"
              render={({ field }) => (
                <NumberInput
                  label="Mídia predefinida (id)"
                  description="Vazio: nenhuma. Vale no workspace que tem essa mídia."
                  value={field.value ?? ''}
                  onChange={(value) => field.onChange(typeof value === 'number' ? value : null)}
                  allowDecimal={false}
                  allowNegative={false}
                  error={errors.preset_values?.media_id?.message}
                />
              )}
            />
          </SimpleGrid>
        </Section>

        {isNew && (
          <Section title="Primeiro workspace e administrador">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label="Nome do workspace"
                {...register('first_workspace.name')}
                error={errors.first_workspace?.name?.message}
              />
              <TextInput
                label="Nome do administrador"
                {...register('first_workspace.admin_name')}
                error={errors.first_workspace?.admin_name?.message}
              />
              <TextInput
                label="E-mail do administrador"
                type="email"
                {...register('first_workspace.admin_email')}
                error={errors.first_workspace?.admin_email?.message}
              />
              <PasswordInput
                label="Senha inicial do administrador"
                {...register('first_workspace.admin_password')}
                error={errors.first_workspace?.admin_password?.message}
              />
            </SimpleGrid>
          </Section>
        )}

        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Voltar
          </Button>
          <Button type="submit" loading={saving}>
            {isNew ? 'Criar plataforma' : 'Salvar perfil'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Title order={3} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Card>
  );
}

function Color({
  control,
  name,
  label,
  error,
  optional = false,
}: {
  control: Control<PlatformFormValues>;
  name: FieldPath<PlatformFormValues>;
  label: string;
  error: string | undefined;
  optional?: boolean;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ColorInput
          label={label}
          format="hex"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(value) => field.onChange(value === '' && optional ? null : value)}
          onBlur={field.onBlur}
          error={error}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
