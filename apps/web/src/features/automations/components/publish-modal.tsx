import { Alert, Button, Group, List, Loader, Modal, Stack, Text } from '@mantine/core';
import type {
  Automation,
  AutomationAction,
  AutomationDefinition,
  WaitUnit,
} from '@vendaval/core/schemas/automations';
import { useEffect } from 'react';
import { useForecastMutation } from '../api/use-automation-mutations.ts';
import { describeChanges } from '../automation-diff.ts';
import { actionTitle, triggerTitle } from '../automation-errors.ts';
import { ORIGIN_LABELS } from './node-form.tsx';

const WAIT_WORDS: Readonly<Record<WaitUnit, [string, string]>> = {
  minutes: ['minuto', 'minutos'],
  hours: ['hora', 'horas'],
  business_days: ['dia útil', 'dias úteis'],
};

/** The trigger as the forecast lists it; a new card's trigger names the origins it is limited to. */
function triggerLine(trigger: AutomationDefinition['trigger']) {
  const origins = trigger.type === 'card_created' ? trigger.sources.map((o) => ORIGIN_LABELS[o]) : [];
  return `Gatilho: ${triggerTitle(trigger)}${origins.length ? ` (${origins.join(', ')})` : ''}`;
}

/** A step as the forecast lists it; a wait says how long. */
function stepLine(action: AutomationAction, index: number) {
  if (action.type !== 'wait') return actionTitle(action, index);
  const [one, many] = WAIT_WORDS[action.unit];
  return `${actionTitle(action, index)} ${action.amount} ${action.amount === 1 ? one : many}`;
}

type Props = {
  workspaceId: number | null;
  automation: Automation;
  live: AutomationDefinition | null;
  opened: boolean;
  publishing: boolean;
  onPublish: () => void;
  onClose: () => void;
};

/** Before publishing: how many open cards the saved draft matches now, a sample of them, and what changes. */
export function PublishModal({
  workspaceId,
  automation,
  live,
  opened,
  publishing,
  onPublish,
  onClose,
}: Props) {
  const forecast = useForecastMutation(workspaceId);
  const { mutate, reset } = forecast;
  useEffect(() => {
    if (opened) mutate(automation.definition);
    else reset();
  }, [opened, automation.definition, mutate, reset]);
  const changes = describeChanges(live, automation.definition);
  const next = (automation.live_version_number ?? 0) + 1;

  return (
    <Modal opened={opened} onClose={onClose} title="Publicar automação" centered size="lg">
      <Stack gap="sm">
        {forecast.isPending ? (
          <Group gap="xs">
            <Loader size="sm" />
            <Text size="sm">Calculando a previsão…</Text>
          </Group>
        ) : forecast.data ? (
          <Alert variant="light" data-testid="automation-forecast">
            <Text fw={600}>
              {forecast.data.count === 1
                ? '1 card aberto atende às condições agora'
                : `${forecast.data.count} cards abertos atendem às condições agora`}
            </Text>
            {forecast.data.sample.length > 0 && (
              <List size="sm" mt="xs">
                {forecast.data.sample.map((card) => (
                  <List.Item key={card.id}>{card.name}</List.Item>
                ))}
              </List>
            )}
          </Alert>
        ) : forecast.isError ? (
          <Text size="sm" c="red">
            Não foi possível calcular a previsão.
          </Text>
        ) : null}
        <Text size="sm" fw={600}>
          Passos
        </Text>
        <List size="sm" data-testid="automation-forecast-steps">
          <List.Item>{triggerLine(automation.definition.trigger)}</List.Item>
          {automation.definition.actions.map((action, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: a step is its place in the flow
            <List.Item key={i}>{stepLine(action, i)}</List.Item>
          ))}
        </List>
        <Text size="sm" fw={600}>
          O que muda
        </Text>
        {changes.length === 0 ? (
          <Text size="sm" c="dimmed">
            O rascunho é igual à versão publicada.
          </Text>
        ) : (
          <List size="sm">
            {changes.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        )}
        <Text size="xs" c="dimmed">
          As execuções já iniciadas terminam na versão em que começaram.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button loading={publishing} disabled={forecast.isPending} onClick={onPublish}>
            {`Publicar v${next}`}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
