import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Card,
  Center,
  ColorInput,
  Grid,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  TextInput,
  Title,
} from '@mantine/core';
import { type BrandUpdate, brandUpdateSchema, type Platform } from '@vendaval/core/schemas/platform';
import { TERM_KEYS, type Terms } from '@vendaval/core/terms';
import { useEffect } from 'react';
import { type Control, Controller, type FieldPath, useForm } from 'react-hook-form';
import { z } from 'zod';
import { ptBrIssue } from '../../../lib/form-errors.ts';
import { usePlatform } from '../../../lib/platform.ts';
import { showSuccessToast } from '../../../lib/toasts.ts';
import { useBrandQuery, useUpdateBrandMutation } from '../api/use-brand.ts';
import { BrandImages } from './brand-images.tsx';
import { BrandPreview } from './brand-preview.tsx';

const { name, subtitle, palette, gradient, terms, dashboard_titles } = brandUpdateSchema.shape;
const formSchema = z.object({
  name: name.unwrap().unwrap(),
  subtitle: subtitle.unwrap().unwrap(),
  palette: palette.unwrap().unwrap(),
  gradient: gradient.unwrap().unwrap(),
  terms: terms.unwrap().unwrap().required(),
  dashboard_titles: dashboard_titles.unwrap().unwrap(),
});
export type BrandForm = z.infer<typeof formSchema>;

const TERM_LABELS: Readonly<Record<keyof Terms, string>> = {
  won_term: 'Ganho',
  lost_term: 'Perda',
  product_term: 'Produto',
  price_term: 'Valor',
  concluded_term: 'Conclusão',
  sales_rep_term: 'Atendente',
};

const formOf = (platform: Platform): BrandForm => ({
  name: platform.name,
  subtitle: platform.subtitle,
  palette: platform.palette,
  gradient: platform.gradient ?? {
    primary: platform.palette.primary,
    secondary: platform.palette.secondary,
    login_only: true,
  },
  terms: platform.terms,
  dashboard_titles: platform.dashboard_titles,
});

const RESET_ALL: BrandUpdate = {
  name: null,
  subtitle: null,
  palette: null,
  gradient: null,
  terms: null,
  dashboard_titles: null,
};

/** The platform's brand, for its admins: texts, colours with a live preview, vocabulary and images. */
export function BrandTab() {
  const { id } = usePlatform();
  const brand = useBrandQuery(id, true);
  if (!brand.data) {
    return (
      <Center py="xl">
        <Loader aria-label="Carregando marca" />
      </Center>
    );
  }
  return <BrandEditor platform={brand.data.platform} overridden={brand.data.overridden} />;
}

function BrandEditor({ platform, overridden }: { platform: Platform; overridden: string[] }) {
  const update = useUpdateBrandMutation(platform.id);
  const form = useForm<BrandForm>({
    resolver: zodResolver(formSchema, { error: ptBrIssue }),
    defaultValues: formOf(platform),
  });
  const { errors } = form.formState;
  useEffect(() => form.reset(formOf(platform)), [platform, form]);

  const submit = form.handleSubmit((values) =>
    update.mutate(values, { onSuccess: () => showSuccessToast('Marca atualizada com sucesso!') }),
  );
  const restore = () =>
    update.mutate(RESET_ALL, { onSuccess: () => showSuccessToast('Marca padrão restaurada.') });

  return (
    <Stack gap="lg">
      <form onSubmit={submit} noValidate aria-label="Marca da plataforma">
        <Grid gutter="lg">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="lg">
              <Section title="Identidade">
                <TextInput label="Nome de exibição" {...form.register('name')} error={errors.name?.message} />
                <TextInput
                  label="Subtítulo"
                  {...form.register('subtitle')}
                  error={errors.subtitle?.message}
                />
              </Section>
              <Section title="Cores">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <Color
                    control={form.control}
                    name="palette.primary"
                    label="Cor primária"
                    error={errors.palette?.primary?.message}
                  />
                  <Color
                    control={form.control}
                    name="palette.secondary"
                    label="Cor secundária"
                    error={errors.palette?.secondary?.message}
                  />
                  <Color
                    control={form.control}
                    name="palette.nav"
                    label="Cor do menu"
                    error={errors.palette?.nav?.message}
                  />
                  <Color
                    control={form.control}
                    name="palette.button"
                    label="Cor dos botões (opcional)"
                    error={errors.palette?.button?.message}
                  />
                  <Color
                    control={form.control}
                    name="gradient.primary"
                    label="Gradiente: início"
                    error={errors.gradient?.primary?.message}
                  />
                  <Color
                    control={form.control}
                    name="gradient.secondary"
                    label="Gradiente: fim"
                    error={errors.gradient?.secondary?.message}
                  />
                </SimpleGrid>
                <Controller
                  control={form.control}
                  name="gradient.login_only"
                  render={({ field }) => (
                    <Switch
                      label="Gradiente só na tela de login"
                      checked={field.value}
                      onChange={(event) => field.onChange(event.currentTarget.checked)}
                    />
                  )}
                />
              </Section>
              <Section title="Vocabulário">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  {TERM_KEYS.map((key) => (
                    <TextInput
                      key={key}
                      label={`Termo: ${TERM_LABELS[key]}`}
                      {...form.register(`terms.${key}`)}
                      error={errors.terms?.[key]?.message}
                    />
                  ))}
                </SimpleGrid>
              </Section>
              <Section title="Títulos do dashboard">
                <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                  <TextInput
                    label="Segunda aba"
                    {...form.register('dashboard_titles.service_tab')}
                    error={errors.dashboard_titles?.service_tab?.message}
                  />
                  <TextInput
                    label="Terceira aba"
                    {...form.register('dashboard_titles.ranking_tab')}
                    error={errors.dashboard_titles?.ranking_tab?.message}
                  />
                </SimpleGrid>
                <Controller
                  control={form.control}
                  name="dashboard_titles.charts"
                  render={({ field }) => (
                    <TagsInput
                      label="Gráficos da primeira aba"
                      description="Enter adiciona um título."
                      value={field.value}
                      onChange={field.onChange}
                      error={errors.dashboard_titles?.charts?.message}
                    />
                  )}
                />
              </Section>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <Stack gap="md">
              <Title order={3} size="h5">
                Pré-visualização
              </Title>
              <BrandPreview control={form.control} platform={platform} />
              <Group gap="sm" grow>
                <Button
                  variant="default"
                  onClick={restore}
                  loading={update.isPending && update.variables === RESET_ALL}
                >
                  Restaurar padrão
                </Button>
                <Button type="submit" loading={update.isPending && update.variables !== RESET_ALL}>
                  Salvar marca
                </Button>
              </Group>
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
      <BrandImages platform={platform} overridden={overridden} />
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
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

type ColorProps = {
  control: Control<BrandForm>;
  name: FieldPath<BrandForm>;
  label: string;
  error: string | undefined;
};

function Color({ control, name, label, error }: ColorProps) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <ColorInput
          label={label}
          format="hex"
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={(value) => field.onChange(value === '' && name === 'palette.button' ? null : value)}
          onBlur={field.onBlur}
          error={error}
          popoverProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
