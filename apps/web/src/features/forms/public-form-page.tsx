import {
  Alert,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  Group,
  Loader,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { MESSAGES } from '@vendaval/core/messages';
import { type FormChannel, type FormField, type PublicForm, UTM_KEYS } from '@vendaval/core/schemas/forms';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/http.ts';
import { TenantLogo } from '../../ui/tenant-logo.tsx';
import { usePublicFormQuery } from './api/use-public-form-query.ts';
import { useSubmitFormMutation } from './api/use-submit-form-mutation.ts';

type Values = Record<string, string | boolean>;

const emptyValues = (fields: FormField[]): Values =>
  Object.fromEntries(
    fields.filter((f) => f.type !== 'reset').map((f) => [f.key, f.type === 'checkbox' ? false : '']),
  );

/** The page's own UTM parameters (a campaign link to the hosted page, or the embed's address). */
function utmOf(search: string) {
  const params = new URLSearchParams(search);
  return Object.fromEntries(
    UTM_KEYS.flatMap((key) => {
      const value = params.get(key)?.trim().slice(0, 200);
      return value ? [[key, value]] : [];
    }),
  );
}

/**
 * /f/<public id> (hosted) and /f/<public id>/embed (inside another site's iframe): a marketing form for a visitor,
 * without a login, under the tenant's brand.
 */
export function PublicFormPage() {
  const { publicId = '' } = useParams();
  const { pathname } = useLocation();
  const embedded = pathname.replace(/\/$/, '').endsWith('/embed');
  const form = usePublicFormQuery(publicId);

  useEffect(() => {
    if (form.data) document.title = `${form.data.name} | CRM`;
  }, [form.data]);

  const body = form.isPending ? (
    <Center py="xl">
      <Loader />
    </Center>
  ) : form.data ? (
    <FormBody form={form.data} channel={embedded ? 'embed' : 'hosted'} />
  ) : (
    <Alert color="gray" title="Formulário indisponível">
      Este formulário não existe ou não está recebendo respostas.
    </Alert>
  );

  if (embedded) return <Box p="md">{body}</Box>;
  return (
    <Box
      mih="100vh"
      py={{ base: 'md', sm: 48 }}
      px="md"
      style={{ background: 'var(--mantine-color-gray-0)' }}
    >
      <Stack maw={560} mx="auto" gap="lg">
        <Center>
          <TenantLogo on="light" h={48} w="auto" maw={220} />
        </Center>
        <Card withBorder radius="md" padding="lg" shadow="sm">
          {body}
        </Card>
      </Stack>
    </Box>
  );
}

function FormBody({ form, channel }: { form: PublicForm; channel: FormChannel }) {
  const { search } = useLocation();
  const [values, setValues] = useState<Values>(() => emptyValues(form.fields));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [honeypot, setHoneypot] = useState('');
  const [thanks, setThanks] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(false);
  const openedAt = useRef(Date.now());
  const submit = useSubmitFormMutation(form.public_id);

  const set = (key: string, value: string | boolean) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors(({ [key]: _, ...rest }) => rest);
  };

  const missing = () =>
    Object.fromEntries(
      form.fields
        .filter(
          (f) =>
            f.required && (f.type === 'checkbox' ? values[f.key] !== true : !String(values[f.key]).trim()),
        )
        .map((f) => [f.key, MESSAGES.formAnswerRequired]),
    );

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const required = missing();
    setErrors(required);
    if (Object.keys(required).length > 0) return;
    // A person is never this fast; the server would refuse it, so the page waits out the rest of the minimum.
    const wait = openedAt.current + form.min_fill_seconds * 1000 - Date.now();
    if (wait > 0) {
      setWaiting(true);
      await new Promise((resolve) => setTimeout(resolve, wait));
      setWaiting(false);
    }
    const answers = Object.fromEntries(
      Object.entries(values).filter(([, v]) => v !== '' && !(typeof v === 'boolean' && !v)),
    );
    submit.mutate(
      { answers, utm: utmOf(search), channel, fill_token: form.fill_token, website: honeypot || undefined },
      {
        onSuccess: (result) => {
          if (result.redirect_url) window.location.assign(result.redirect_url);
          else setThanks(result.message);
        },
        onError: (error) => {
          const body = error instanceof ApiError ? error.body : undefined;
          const byField = Object.fromEntries(
            (body?.errors ?? []).flatMap((e) =>
              e.field && e.description ? [[e.field.replace(/^answers\./, ''), e.description]] : [],
            ),
          );
          setErrors(byField);
          setFailure(body?.message ?? 'Não foi possível enviar agora. Tente novamente.');
        },
      },
    );
  }

  if (thanks !== null)
    return (
      <Stack align="center" gap="sm" py="lg" data-testid="form-thanks">
        <IconCircleCheck size={48} color="var(--mantine-primary-color-filled)" />
        <Text ta="center" size="lg" style={{ whiteSpace: 'pre-wrap' }}>
          {thanks}
        </Text>
      </Stack>
    );

  return (
    <form onSubmit={onSubmit} onReset={() => setValues(emptyValues(form.fields))} noValidate>
      <Stack gap="md">
        <Title order={2} size="h3">
          {form.name}
        </Title>
        {form.fields
          .filter((f) => f.type !== 'reset')
          .map((field) => (
            <FieldInput
              key={field.key}
              field={field}
              value={values[field.key] ?? ''}
              error={errors[field.key]}
              onChange={(value) => set(field.key, value)}
            />
          ))}
        {/* Hidden from people and from assistive technology; robots that fill every input fill this one. */}
        <Box
          aria-hidden
          style={{ position: 'absolute', left: -10000, width: 1, height: 1, overflow: 'hidden' }}
        >
          <label>
            Site
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={honeypot}
              onChange={(e) => setHoneypot(e.currentTarget.value)}
            />
          </label>
        </Box>
        {failure && (
          <Alert color="red" role="alert">
            {failure}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          {form.fields
            .filter((f) => f.type === 'reset')
            .map((f) => (
              <Button key={f.key} type="reset" variant="default">
                {f.label}
              </Button>
            ))}
          <Button type="submit" loading={submit.isPending || waiting}>
            Enviar
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type FieldInputProps = {
  field: FormField;
  value: string | boolean;
  error: string | undefined;
  onChange: (value: string | boolean) => void;
};

function FieldInput({ field, value, error, onChange }: FieldInputProps) {
  const common = { label: field.label, required: field.required, error, name: field.key };
  switch (field.type) {
    case 'checkbox':
      return (
        <Checkbox {...common} checked={value === true} onChange={(e) => onChange(e.currentTarget.checked)} />
      );
    case 'radio':
      return (
        <Radio.Group {...common} value={String(value)} onChange={onChange}>
          <Stack gap={6} mt={6}>
            {field.options.map((option) => (
              <Radio key={option} value={option} label={option} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'select':
      return (
        <Select
          {...common}
          placeholder={field.placeholder || 'Selecione'}
          data={field.options}
          value={String(value) || null}
          onChange={(v) => onChange(v ?? '')}
          allowDeselect={!field.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    default:
      return (
        <TextInput
          {...common}
          type={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : 'text'}
          inputMode={field.type === 'tel' ? 'tel' : undefined}
          autoComplete={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : undefined}
          placeholder={field.placeholder}
          maxLength={2000}
          value={String(value)}
          onChange={(e) => onChange(e.currentTarget.value)}
        />
      );
  }
}
