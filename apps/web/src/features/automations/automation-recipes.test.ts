import { automationDefinitionSchema } from '@vendaval/core/schemas/automations';
import type { MessageTemplate } from '@vendaval/core/schemas/chat';
import { describe, expect, it } from 'vitest';
import { greetingOf, RECIPES } from './automation-recipes.ts';

const template: MessageTemplate = {
  name: 'boas_vindas',
  language: 'pt_BR',
  status: 'APPROVED',
  category: 'MARKETING',
  components: [{ type: 'BODY', text: 'Olá, {{1}}! Tudo bem, {{1}}?' }],
  bot_id: 3,
  bot_name: 'Sandbox',
  rejected_reason: null,
};

describe('automation recipes', () => {
  it('each recipe makes a definition the server schema takes, with the workspace ids it was given', () => {
    const refs = { botId: 3, template, taskTypeId: 4, interactionTypeId: 5, tagId: 6 };
    for (const recipe of RECIPES) {
      const built = recipe.build(refs);
      if (!('definition' in built)) throw new Error(`${recipe.key} refused`);
      expect(automationDefinitionSchema.safeParse(built.definition).success, recipe.key).toBe(true);
    }
    expect(greetingOf(template).components).toEqual([
      { type: 'body', parameters: [{ type: 'text', text: '{{name}}' }] },
    ]);
  });

  it('a recipe missing a list of the workspace says which', () => {
    const none = { botId: null, template: null, taskTypeId: null, interactionTypeId: null, tagId: null };
    for (const recipe of RECIPES) expect(recipe.build(none)).toHaveProperty('missing');
  });
});
