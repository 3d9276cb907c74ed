import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_TRIGGER_LABELS,
  type AutomationConditions,
  type AutomationDefinition,
} from '@vendaval/core/schemas/automations';

const CONDITION_LABELS: Readonly<Record<keyof AutomationConditions, string>> = {
  stage_ids: 'etapas',
  source_types: 'origens',
  campaign_ids: 'campanhas',
  media_ids: 'mídias',
  tag_ids: 'tags',
  user_ids: 'responsáveis',
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const sorted = (values: readonly (string | number)[]) => [...values].map(String).sort();

/**
 * What changed from one definition to the next, one sentence per change in pt-BR
 * ("Ação 2: Criar tarefa → Mover para etapa"). Without a base (nothing published yet) everything is new.
 */
export function describeChanges(base: AutomationDefinition | null, next: AutomationDefinition): string[] {
  if (!base) return ['Nenhuma versão publicada: todo o fluxo é novo.'];
  const lines: string[] = [];

  const fromTrigger = AUTOMATION_TRIGGER_LABELS[base.trigger.type];
  const toTrigger = AUTOMATION_TRIGGER_LABELS[next.trigger.type];
  if (base.trigger.type !== next.trigger.type) lines.push(`Gatilho: ${fromTrigger} → ${toTrigger}`);
  else if (!same(base.trigger, next.trigger)) lines.push(`Gatilho: ${toTrigger} com outras opções`);

  for (const key of Object.keys(CONDITION_LABELS) as (keyof AutomationConditions)[]) {
    const before = sorted(base.conditions[key] ?? []);
    const after = sorted(next.conditions[key] ?? []);
    if (same(before, after)) continue;
    const label = CONDITION_LABELS[key];
    if (before.length === 0) lines.push(`Condições: ${label} passam a filtrar (${after.length})`);
    else if (after.length === 0) lines.push(`Condições: ${label} deixam de filtrar`);
    else lines.push(`Condições: ${label} alteradas (${before.length} → ${after.length})`);
  }

  const count = Math.max(base.actions.length, next.actions.length);
  for (let i = 0; i < count; i++) {
    const before = base.actions[i];
    const after = next.actions[i];
    const title = `Ação ${i + 1}`;
    if (before && after) {
      const from = AUTOMATION_ACTION_LABELS[before.type];
      const to = AUTOMATION_ACTION_LABELS[after.type];
      if (before.type !== after.type) lines.push(`${title}: ${from} → ${to}`);
      else if (!same(before, after)) lines.push(`${title}: ${to} com outras opções`);
    } else if (after) {
      lines.push(`${title}: ${AUTOMATION_ACTION_LABELS[after.type]} adicionada`);
    } else if (before) {
      lines.push(`${title}: ${AUTOMATION_ACTION_LABELS[before.type]} removida`);
    }
  }
  return lines;
}
