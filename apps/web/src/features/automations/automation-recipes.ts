import type { AutomationDefinition } from '@vendaval/core/schemas/automations';
import type { MessageTemplate, TemplateSend } from '@vendaval/core/schemas/chat';

/** What a recipe needs of the workspace: the first of each list it names; a recipe missing one is not offered. */
export interface RecipeRefs {
  botId: number | null;
  template: MessageTemplate | null;
  taskTypeId: number | null;
  interactionTypeId: number | null;
  tagId: number | null;
}

export interface Recipe {
  key: 'greet' | 'idle_task' | 'lost';
  name: string;
  description: string;
  /** What the workspace lacks for it, or the draft it makes. */
  build(refs: RecipeRefs): { missing: string } | { definition: AutomationDefinition };
}

const NO_CONDITIONS: AutomationDefinition['conditions'] = {
  stage_ids: [],
  source_types: [],
  campaign_ids: [],
  media_ids: [],
  tag_ids: [],
  user_ids: [],
};

/** Every numbered variable of the template's body greets the contact by name: the editor fills them otherwise. */
export function greetingOf(template: MessageTemplate): TemplateSend {
  const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  const count = new Set(body.match(/\{\{\d+\}\}/g) ?? []).size;
  return {
    name: template.name,
    language: template.language,
    components:
      count === 0
        ? []
        : [
            {
              type: 'body',
              parameters: Array.from({ length: count }, () => ({ type: 'text', text: '{{name}}' })),
            },
          ],
  };
}

/** The ready-made automations a new workspace can start from ('Modelos'): each makes a draft to review and publish. */
export const RECIPES: readonly Recipe[] = [
  {
    key: 'greet',
    name: 'Saudar novo lead',
    description:
      'Quando uma oportunidade é criada, envia o template de boas-vindas pelo funcionário digital.',
    build: ({ botId, template }) =>
      botId === null || template === null
        ? { missing: 'Cadastre um funcionário digital com um template aprovado.' }
        : {
            definition: {
              trigger: { type: 'card_created', sources: [] },
              conditions: NO_CONDITIONS,
              actions: [{ type: 'send_template', bot_id: botId, template: greetingOf(template) }],
            },
          },
  },
  {
    key: 'idle_task',
    name: 'Tarefa após 24 h sem interação',
    description: 'Quando uma oportunidade fica 24 horas sem interação, cria uma tarefa para o responsável.',
    build: ({ taskTypeId, interactionTypeId }) =>
      taskTypeId === null || interactionTypeId === null
        ? { missing: 'Cadastre um tipo de tarefa e um tipo de interação.' }
        : {
            definition: {
              trigger: { type: 'no_interaction', hours: 24 },
              conditions: NO_CONDITIONS,
              actions: [
                {
                  type: 'create_task',
                  name: 'Retomar contato',
                  task_type_id: taskTypeId,
                  interaction_type_id: interactionTypeId,
                  due_in: 1,
                  due_unit: 'hours',
                },
              ],
            },
          },
  },
  {
    key: 'lost',
    name: 'Marcar e avisar na perda',
    description: 'Quando uma oportunidade é perdida, adiciona uma tag e avisa o responsável e os gestores.',
    build: ({ tagId }) =>
      tagId === null
        ? { missing: 'Cadastre uma tag.' }
        : {
            definition: {
              trigger: { type: 'lost' },
              conditions: NO_CONDITIONS,
              actions: [
                { type: 'add_tag', tag_id: tagId },
                { type: 'notify', to: 'rep', user_ids: [], message: 'Oportunidade perdida: veja o motivo.' },
                {
                  type: 'notify',
                  to: 'managers',
                  user_ids: [],
                  message: 'Oportunidade perdida: veja o motivo.',
                },
              ],
            },
          },
  },
];
