import {
  ADMIN_LIST_LABELS,
  type AdminList,
  MEDIA_TYPE_LABELS,
  MEDIA_TYPES,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  PRODUCT_MODALITIES,
  PRODUCT_MODALITY_LABELS,
} from '@vendaval/core/constants';

/** How one field of a list item is shown and edited. */
export type FieldKind = 'text' | 'longText' | 'color' | 'choice' | 'price' | 'interactionType' | 'isDefault';

export type ChoiceOption = { value: string; label: string };

export type ListField = {
  key: string;
  label: string;
  kind: FieldKind;
  required: boolean;
  /** A 'choice' field's options, and the one a new item starts with (the first unless named). */
  options?: ChoiceOption[];
  initial?: string;
};

const optionsOf = <T extends string>(
  values: readonly T[],
  labels: Readonly<Record<T, string>>,
): ChoiceOption[] => values.map((value) => ({ value, label: labels[value] }));

const MEDIA_TYPE_OPTIONS = optionsOf(MEDIA_TYPES, MEDIA_TYPE_LABELS);
const PRODUCT_CATEGORY_OPTIONS = optionsOf(PRODUCT_CATEGORIES, PRODUCT_CATEGORY_LABELS);
const PRODUCT_MODALITY_OPTIONS = optionsOf(PRODUCT_MODALITIES, PRODUCT_MODALITY_LABELS);

export type ListDefinition = { list: AdminList; label: string; fields: ListField[]; searchHint: string };

const name: ListField = { key: 'name', label: 'Nome', kind: 'text', required: true };

const named = (list: AdminList, ...extra: ListField[]): ListDefinition => ({
  list,
  label: ADMIN_LIST_LABELS[list],
  fields: [name, ...extra],
  searchHint: 'Buscar por nome',
});

/** The lists of /lists, in the menu's order. */
export const LIST_DEFINITIONS: ListDefinition[] = [
  named('campaigns'),
  named('medias', {
    key: 'type',
    label: 'Tipo',
    kind: 'choice',
    required: true,
    options: MEDIA_TYPE_OPTIONS,
  }),
  named(
    'products',
    { key: 'price', label: 'Preço', kind: 'price', required: true },
    // A product is a course ('Matrícula') until the admin says otherwise, as the server has it.
    {
      key: 'category',
      label: 'Categoria',
      kind: 'choice',
      required: true,
      options: PRODUCT_CATEGORY_OPTIONS,
      initial: 'enrollment',
    },
    {
      key: 'modality',
      label: 'Modalidade',
      kind: 'choice',
      required: true,
      options: PRODUCT_MODALITY_OPTIONS,
    },
  ),
  named('task-types', {
    key: 'default_interaction_type_id',
    label: 'Forma de atendimento padrão',
    kind: 'interactionType',
    required: false,
  }),
  named('interaction-types'),
  {
    list: 'quick-answers',
    label: ADMIN_LIST_LABELS['quick-answers'],
    fields: [
      { key: 'shortcut', label: 'Atalho', kind: 'text', required: true },
      { key: 'content', label: 'Texto', kind: 'longText', required: true },
    ],
    searchHint: 'Buscar por atalho',
  },
  named('objections'),
  named('tags', { key: 'color', label: 'Cor', kind: 'color', required: true }),
  named('opportunity-types', { key: 'is_default', label: 'Padrão', kind: 'isDefault', required: false }),
];

/** A new row's starting values: what a select or a switch holds before the user picks. */
export function emptyValues(definition: ListDefinition): Record<string, unknown> {
  const initial: Record<Exclude<FieldKind, 'choice'>, unknown> = {
    text: '',
    longText: '',
    color: '228be6',
    price: 0,
    interactionType: null,
    isDefault: false,
  };
  return Object.fromEntries(
    definition.fields.map((f) => [
      f.key,
      f.kind === 'choice' ? (f.initial ?? f.options?.[0]?.value) : initial[f.kind],
    ]),
  );
}
