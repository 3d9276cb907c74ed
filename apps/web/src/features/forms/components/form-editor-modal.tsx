import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Divider,
  Group,
  Modal,
  MultiSelect,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { CREATION_STAGE_TYPES } from '@vendaval/core/constants';
import {
  FORM_CHOICE_TYPES,
  FORM_CONTACT_FIELD_LABELS,
  FORM_CONTACT_FIELDS,
  FORM_FIELD_TYPE_LABELS,
  FORM_FIELD_TYPES,
  FORM_TAGS_MAX,
  type Form,
  type FormContactField,
  type FormFieldInput,
  type FormFieldType,
  type FormWriteInput,
} from '@vendaval/core/schemas/forms';
import { useState } from 'react';
import { ApiError } from '../../../lib/http.ts';
import {
  useCampaignsQuery,
  useMediasQuery,
  useSalesStagesQuery,
  useTagsQuery,
  useWorkingMembersQuery,
} from '../../../lib/lookups/lookups.ts';

type Props = {
  opened: boolean;
  /** The form being changed; null: a new one. */
  form: Form | null;
  saving: boolean;
  error: unknown;
  onSave: (input: FormWriteInput) => void;
  onClose: () => void;
  fullScreen: boolean;
};

/** A field as the builder edits it; `key` stays empty until the first save names it after its label. */
type DraftField = Required<Omit<FormFieldInput, 'maps_to'>> & {
  maps_to: FormContactField | null;
  uid: number;
};

let uidSeq = 0;
const draftOf = (field: Omit<FormFieldInput, 'key'> & { key?: string }): DraftField => ({
  key: field.key ?? '',
  label: field.label,
  type: field.type,
  required: field.required ?? false,
  maps_to: field.maps_to ?? null,
  options: field.options ?? [],
  placeholder: field.placeholder ?? '',
  uid: ++uidSeq,
});

const STARTER_FIELDS = [
  { label: 'Nome', type: 'text', required: true, maps_to: 'contact_name' },
  { label: 'Telefone', type: 'tel', required: true, maps_to: 'phone_number' },
  { label: 'E-mail', type: 'email', maps_to: 'email' },
] as const;

/** A key from a label: lower-case ASCII, digits and _, starting with a letter, unique in the form. */
function keyFor(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .replace(/^(?=[0-9])/, 'campo_')
      .slice(0, 32) || 'campo';
  const start = base === 'website' ? 'website_campo' : base;
  let key = start;
  for (let n = 2; taken.has(key); n++) key = `${start}_${n}`;
  taken.add(key);
  return key;
}

/** What the server said about the form, one line per refusal. */
function errorLines(error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.body) return [];
  const listed = (error.body.errors ?? []).flatMap((e) => (e.description ? [e.description] : []));
  if (listed.length > 0) return [...new Set(listed)];
  return error.body.message ? [error.body.message] : [];
}

/** The form builder: fields and what they fill, where the cards go, and how the visitor is thanked. */
export function FormEditorModal(props: Props) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title={props.form ? 'Editar formulário' : 'Novo formulário'}
      size="xl"
      fullScreen={props.fullScreen}
    >
      {props.opened && <FormEditor {...props} />}
    </Modal>
  );
}

function FormEditor({ form, saving, error, onSave, onClose }: Props) {
  const [name, setName] = useState(form?.name ?? '');
  const [fields, setFields] = useState<DraftField[]>(() =>
    (form?.fields ?? STARTER_FIELDS).map((f) => draftOf(f)),
  );
  const [stageId, setStageId] = useState<string | null>(
    form?.sales_stage_id ? String(form.sales_stage_id) : null,
  );
  const [userId, setUserId] = useState<string | null>(
    form?.responsible_user_id ? String(form.responsible_user_id) : null,
  );
  const [mediaId, setMediaId] = useState<string | null>(form?.media_id ? String(form.media_id) : null);
  const [campaignId, setCampaignId] = useState<string | null>(
    form?.campaign_id ? String(form.campaign_id) : null,
  );
  const [tags, setTags] = useState<string[]>((form?.tags ?? []).map(String));
  const [thankYou, setThankYou] = useState(form?.thank_you_text ?? '');
  const [redirect, setRedirect] = useState(form?.redirect_url ?? '');
  const [active, setActive] = useState(form?.active ?? true);
  const stages = useSalesStagesQuery();
  const members = useWorkingMembersQuery();
  const medias = useMediasQuery();
  const campaigns = useCampaignsQuery();
  const tagList = useTagsQuery();

  const change = (uid: number, patch: Partial<DraftField>) =>
    setFields((list) => list.map((f) => (f.uid === uid ? { ...f, ...patch } : f)));
  const move = (index: number, by: -1 | 1) =>
    setFields((list) => {
      const next = [...list];
      const [item] = next.splice(index, 1);
      if (item) next.splice(index + by, 0, item);
      return next;
    });

  function save() {
    const taken = new Set(fields.map((f) => f.key).filter(Boolean));
    onSave({
      name,
      fields: fields.map(({ uid: _, ...f }) => ({ ...f, key: f.key || keyFor(f.label, taken) })),
      sales_stage_id: stageId ? Number(stageId) : null,
      responsible_user_id: userId ? Number(userId) : null,
      media_id: mediaId ? Number(mediaId) : null,
      campaign_id: campaignId ? Number(campaignId) : null,
      tags: tags.map(Number),
      thank_you_text: thankYou,
      redirect_url: redirect,
      active,
    });
  }

  const lines = errorLines(error);
  const named = (items: readonly { id: number; name: string }[] | undefined) =>
    (items ?? []).map((i) => ({ value: String(i.id), label: i.name }));

  return (
    <Stack gap="md">
      <TextInput
        label="Nome do formulário"
        required
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        data-autofocus
      />

      <Divider label="Campos" labelPosition="left" />
      <Stack gap="sm">
        {fields.map((field, index) => (
          <Card key={field.uid} withBorder radius="md" padding="sm" data-testid="form-field-editor">
            <Stack gap="xs">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
                <TextInput
                  label="Rótulo"
                  value={field.label}
                  onChange={(e) => change(field.uid, { label: e.currentTarget.value })}
                />
                <Select
                  label="Tipo"
                  data={FORM_FIELD_TYPES.map((value) => ({ value, label: FORM_FIELD_TYPE_LABELS[value] }))}
                  value={field.type}
                  allowDeselect={false}
                  onChange={(type) => {
                    const next = (type ?? 'text') as FormFieldType;
                    const unmappable = next === 'checkbox' || next === 'reset';
                    change(field.uid, {
                      type: next,
                      maps_to: unmappable ? null : field.maps_to,
                      required: next === 'reset' ? false : field.required,
                    });
                  }}
                />
                <Select
                  label="Campo do contato"
                  placeholder="Manter como resposta"
                  clearable
                  disabled={field.type === 'checkbox' || field.type === 'reset'}
                  data={FORM_CONTACT_FIELDS.map((value) => ({
                    value,
                    label: FORM_CONTACT_FIELD_LABELS[value],
                  }))}
                  value={field.maps_to}
                  onChange={(value) =>
                    change(field.uid, { maps_to: (value as FormContactField | null) ?? null })
                  }
                />
              </SimpleGrid>
              {FORM_CHOICE_TYPES.includes(field.type) && (
                <TagsInput
                  label="Opções"
                  placeholder="Digite e tecle Enter"
                  value={field.options}
                  onChange={(options) => change(field.uid, { options })}
                />
              )}
              <Group justify="space-between" gap="xs">
                <Switch
                  label="Obrigatório"
                  disabled={field.type === 'reset'}
                  checked={field.required}
                  onChange={(e) => change(field.uid, { required: e.currentTarget.checked })}
                />
                <Group gap={4}>
                  <Tooltip label="Subir">
                    <ActionIcon
                      variant="subtle"
                      aria-label="Subir campo"
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Descer">
                    <ActionIcon
                      variant="subtle"
                      aria-label="Descer campo"
                      disabled={index === fields.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Remover">
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Remover campo"
                      onClick={() => setFields((list) => list.filter((f) => f.uid !== field.uid))}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Stack>
          </Card>
        ))}
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          onClick={() =>
            setFields((list) => [...list, draftOf({ label: `Campo ${list.length + 1}`, type: 'text' })])
          }
        >
          Adicionar campo
        </Button>
      </Stack>

      <Divider label="Oportunidade criada" labelPosition="left" />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Etapa"
          placeholder="Primeira etapa"
          clearable
          data={(stages.data ?? [])
            .filter((s) => (CREATION_STAGE_TYPES as readonly string[]).includes(s.type))
            .map((s) => ({ value: String(s.id), label: s.name }))}
          value={stageId}
          onChange={setStageId}
        />
        <Select
          label="Responsável"
          placeholder="Distribuição do workspace"
          clearable
          searchable
          data={named(members.data)}
          value={userId}
          onChange={setUserId}
        />
        <Select
          label="Mídia"
          placeholder="Nenhuma"
          clearable
          searchable
          data={named(medias.data)}
          value={mediaId}
          onChange={setMediaId}
        />
        <Select
          label="Campanha"
          placeholder="Nenhuma"
          clearable
          searchable
          data={named(campaigns.data)}
          value={campaignId}
          onChange={setCampaignId}
        />
      </SimpleGrid>
      <MultiSelect
        label="Tags"
        placeholder={tags.length ? undefined : 'Nenhuma'}
        searchable
        maxValues={FORM_TAGS_MAX}
        data={named(tagList.data)}
        value={tags}
        onChange={setTags}
      />

      <Divider label="Depois do envio" labelPosition="left" />
      <Textarea
        label="Mensagem de agradecimento"
        placeholder="Obrigado! Recebemos seus dados e entraremos em contato em breve."
        autosize
        minRows={2}
        maxLength={1000}
        value={thankYou}
        onChange={(e) => setThankYou(e.currentTarget.value)}
      />
      <TextInput
        label="Redirecionar para"
        description="Se preenchido, o visitante vai para este endereço em vez de ver a mensagem."
        placeholder="https://"
        value={redirect}
        onChange={(e) => setRedirect(e.currentTarget.value)}
      />
      <Switch
        label="Recebendo respostas"
        checked={active}
        onChange={(e) => setActive(e.currentTarget.checked)}
      />

      {lines.length > 0 && (
        <Alert color="red" title="Confira o formulário">
          <Stack gap={2}>
            {lines.map((line) => (
              <Text key={line} size="sm">
                {line}
              </Text>
            ))}
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancelar
        </Button>
        <Button onClick={save} loading={saving}>
          Salvar
        </Button>
      </Group>
    </Stack>
  );
}
