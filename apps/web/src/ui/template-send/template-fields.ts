import type { MessageTemplate, TemplateSend } from '@vendaval/core/schemas/chat';
import { fillNumbered } from '@vendaval/core/template-variables';
import { placeholdersOf } from './template-variables.ts';

export type TemplateSection = 'Header' | 'Body' | 'Footer' | 'Botões';

/** One input of the template modal and the parameter it becomes. */
export type TemplateField = {
  id: string;
  section: TemplateSection;
  label: string;
  kind: 'text' | 'file' | 'coupon';
  media?: 'image' | 'video' | 'document';
  placeholder?: number;
  buttonIndex?: number;
};

type Component = MessageTemplate['components'][number];

function textFields(section: TemplateSection, text: string | undefined): TemplateField[] {
  return placeholdersOf(text).map((n) => ({
    id: `${section}:${n}`,
    section,
    label: `${section} {{${n}}}`,
    kind: 'text',
    placeholder: n,
  }));
}

function headerFields(component: Component): TemplateField[] {
  const format = component.format ?? 'TEXT';
  if (format === 'TEXT') return textFields('Header', component.text);
  const media = format.toLowerCase() as 'image' | 'video' | 'document';
  return [{ id: 'Header:file', section: 'Header', label: 'Arquivo do Header', kind: 'file', media }];
}

function buttonFields(component: Component): TemplateField[] {
  return (component.buttons ?? []).flatMap((button, index): TemplateField[] => {
    if (button.type === 'COPY_CODE') {
      return [
        {
          id: `Botões:${index}`,
          section: 'Botões',
          label: `Cupom (${button.text})`,
          kind: 'coupon',
          buttonIndex: index,
        },
      ];
    }
    if (button.type !== 'URL') return [];
    return placeholdersOf(button.url).map((n) => ({
      id: `Botões:${index}:${n}`,
      section: 'Botões' as const,
      label: `${button.text} {{${n}}}`,
      kind: 'text' as const,
      placeholder: n,
      buttonIndex: index,
    }));
  });
}

/** Every variable of the template's Header, Body, Footer and Botões (CHAT-059). */
export function templateFields(template: MessageTemplate): TemplateField[] {
  return template.components.flatMap((component) => {
    if (component.type === 'HEADER') return headerFields(component);
    if (component.type === 'BODY') return textFields('Body', component.text);
    if (component.type === 'FOOTER') return textFields('Footer', component.text);
    return buttonFields(component);
  });
}

export type FieldValues = Record<string, string>;
export type FieldFiles = Record<string, { name: string; base64File: string }>;

type SendComponent = TemplateSend['components'][number];

function numbered(fields: TemplateField[], values: FieldValues) {
  return Object.fromEntries(fields.map((f) => [f.placeholder ?? 0, values[f.id] ?? '']));
}

function textComponent(type: 'header' | 'body' | 'footer', fields: TemplateField[], values: FieldValues) {
  return {
    type,
    parameters: fields.map((f) => ({ type: 'text' as const, text: values[f.id] ?? '' })),
  };
}

function buttonComponents(fields: TemplateField[], values: FieldValues): SendComponent[] {
  const indexes = [...new Set(fields.map((f) => f.buttonIndex ?? 0))];
  return indexes.map((index) => {
    const own = fields.filter((f) => f.buttonIndex === index);
    const coupon = own.find((f) => f.kind === 'coupon');
    if (coupon) {
      return {
        type: 'button',
        sub_type: 'copy_code',
        index,
        parameters: [{ type: 'coupon_code', coupon_code: values[coupon.id] ?? '' }],
      };
    }
    return {
      type: 'button',
      sub_type: 'url',
      index,
      parameters: own.map((f) => ({ type: 'text', text: values[f.id] ?? '' })),
    };
  });
}

function headerComponent(
  fields: TemplateField[],
  values: FieldValues,
  files: FieldFiles,
): SendComponent | null {
  const file = fields.find((f) => f.kind === 'file');
  if (file?.media) {
    const chosen = files[file.id];
    return chosen ? { type: 'header', parameters: [{ type: file.media, file: chosen }] } : null;
  }
  return fields.length > 0 ? textComponent('header', fields, values) : null;
}

/** The assembled template the modal emits (CHAT-066), and its texts as the contact reads them. */
export function assembleTemplate(
  template: MessageTemplate,
  fields: TemplateField[],
  values: FieldValues,
  files: FieldFiles,
) {
  const of = (section: TemplateSection) => fields.filter((f) => f.section === section);
  const components: SendComponent[] = [];
  const header = headerComponent(of('Header'), values, files);
  if (header) components.push(header);
  if (of('Body').length > 0) components.push(textComponent('body', of('Body'), values));
  if (of('Footer').length > 0) components.push(textComponent('footer', of('Footer'), values));
  components.push(...buttonComponents(of('Botões'), values));
  const text = (type: Component['type'], section: TemplateSection) => {
    const raw = template.components.find((c) => c.type === type)?.text;
    return raw ? fillNumbered(raw, numbered(of(section), values)) : undefined;
  };
  return {
    template: { name: template.name, language: template.language, components } satisfies TemplateSend,
    header: text('HEADER', 'Header'),
    body: text('BODY', 'Body'),
    footer: text('FOOTER', 'Footer'),
  };
}

export type AssembledTemplate = ReturnType<typeof assembleTemplate>;

/** Every input must be filled, and a media header needs its file (CHAT-064). */
export function missingFields(fields: TemplateField[], values: FieldValues, files: FieldFiles): boolean {
  return fields.some((f) => (f.kind === 'file' ? !files[f.id] : !(values[f.id] ?? '').trim()));
}
