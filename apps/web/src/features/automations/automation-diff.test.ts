import type { AutomationDefinition } from '@vendaval/core/schemas/automations';
import { describe, expect, it } from 'vitest';
import { describeChanges } from './automation-diff.ts';

const conditions = {
  stage_ids: [],
  source_types: [],
  campaign_ids: [],
  media_ids: [],
  tag_ids: [],
  user_ids: [],
};
const task = {
  type: 'create_task' as const,
  name: 'Ligar',
  task_type_id: 1,
  interaction_type_id: 2,
  due_in: 1,
  due_unit: 'hours' as const,
};
const wait = { type: 'wait' as const, amount: 5, unit: 'minutes' as const };
const live: AutomationDefinition = {
  trigger: { type: 'card_created', sources: [] },
  conditions,
  actions: [wait, task],
};

describe('the diff between the draft and the live version', () => {
  it('says nothing when the draft is the live version', () => {
    expect(describeChanges(live, structuredClone(live))).toEqual([]);
  });

  it('names a replaced action by its position and both labels', () => {
    const draft: AutomationDefinition = {
      ...live,
      actions: [wait, { type: 'move_stage', stage_id: 3 }],
    };
    expect(describeChanges(live, draft)).toEqual(['Ação 2: Criar tarefa → Mover para etapa']);
  });

  it('tells trigger, condition, edited, added and removed steps apart', () => {
    const draft: AutomationDefinition = {
      trigger: { type: 'won' },
      conditions: { ...conditions, tag_ids: [4] },
      actions: [{ type: 'wait', amount: 10, unit: 'minutes' }],
    };
    expect(describeChanges(live, draft)).toEqual([
      'Gatilho: Oportunidade criada → Oportunidade ganha',
      'Condições: tags passam a filtrar (1)',
      'Ação 1: Aguardar com outras opções',
      'Ação 2: Criar tarefa removida',
    ]);
    expect(describeChanges(draft, live)).toContain('Ação 2: Criar tarefa adicionada');
  });

  it('calls the whole flow new when nothing is published', () => {
    expect(describeChanges(null, live)).toEqual(['Nenhuma versão publicada: todo o fluxo é novo.']);
  });
});
