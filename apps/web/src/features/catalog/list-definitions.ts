import { ADMIN_LIST_LABELS, type AdminList, MEDIA_TYPE_LABELS, MEDIA_TYPES } from '@vendaval/core/constants';

/** How one field of a list item is shown and edited. */
export type FieldKind =
  | 'text'
  | 'longText'
  | 'color'
  | 'mediaType'
  | 'price'
  | 'interactionType'
  | 'isDefault';

export type ListField = { key: string; label: string; kind: FieldKind; required: boolean };

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
  named('medias', { key: 'type', label: 'Tipo', kind: 'mediaType', required: true }),
  named('products', { key: 'price', label: 'Preço', kind: 'price', required: true }),
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

export const MEDIA_TYPE_OPTIONS = MEDIA_TYPES.map((type) => ({
  value: type,
  label: MEDIA_TYPE_LABELS[type],
}));

/** A new row's starting values: what a select or a switch holds before the user picks. */
export function emptyValues(definition: ListDefinition): Record<string, unknown> {
  const initial: Record<FieldKind, unknown> = {
    text: '',
    longText: '',
    color: '228be6',
    mediaType: 'Offline',
    price: 0,
    interactionType: null,
    isDefault: false,
  };
  return Object.fromEntries(definition.fields.map((f) => [f.key, initial[f.kind]]));
}
