import { Alert, Button, Card, Grid, Group, Menu, NavLink, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPlus } from '@tabler/icons-react';
import {
  AUTOMATION_ACTION_LABELS,
  AUTOMATION_ACTION_TYPES,
  type AutomationDefinition,
} from '@vendaval/core/schemas/automations';
import { useIsMobile } from '../../../ui/responsive.ts';
import {
  actionTitle,
  type FieldErrors,
  type NodeKey,
  nodeErrors,
  triggerTitle,
} from '../automation-errors.ts';
import { conditionsSummary, FlowGraph } from './flow-graph.tsx';
import { blankAction, NodeForm } from './node-form.tsx';

type Props = {
  definition: AutomationDefinition;
  selected: NodeKey;
  errors: FieldErrors;
  onSelect: (node: NodeKey) => void;
  onChange: (definition: AutomationDefinition) => void;
};

/** The draft's flow beside the chosen node's form; on a phone the nodes stack as a list above the form. */
export function AutomationEditor({ definition, selected, errors, onSelect, onChange }: Props) {
  const mobile = useIsMobile();
  const addAction = (type: (typeof AUTOMATION_ACTION_TYPES)[number]) => {
    onChange({ ...definition, actions: [...definition.actions, blankAction(type)] });
    onSelect(definition.actions.length);
  };
  const add = (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button size="xs" variant="light" leftSection={<IconPlus size={14} />}>
          Adicionar ação
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {AUTOMATION_ACTION_TYPES.map((type) => (
          <Menu.Item key={type} onClick={() => addAction(type)}>
            {AUTOMATION_ACTION_LABELS[type]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
  const form = (
    <Card withBorder radius="md" padding="md" data-testid="automation-node-form">
      <NodeForm node={selected} definition={definition} errors={errors} onChange={onChange} />
    </Card>
  );

  if (mobile) {
    const entries: { key: NodeKey; label: string; description: string }[] = [
      { key: 'trigger', label: triggerTitle(definition.trigger), description: 'Gatilho' },
      { key: 'conditions', label: conditionsSummary(definition), description: 'Condições' },
      ...definition.actions.map((action, i) => ({
        key: i as NodeKey,
        label: actionTitle(action, i),
        description: 'Ação',
      })),
    ];
    return (
      <Stack gap="sm">
        <Alert variant="light" color="gray" icon={<IconAlertTriangle size={16} />}>
          O desenho do fluxo precisa de uma tela maior; aqui os passos aparecem em lista.
        </Alert>
        <Card withBorder radius="md" padding={4}>
          {entries.map((entry) => {
            const problems = nodeErrors(errors, entry.key);
            return (
              <NavLink
                key={String(entry.key)}
                label={entry.label}
                description={problems[0] ?? entry.description}
                active={entry.key === selected}
                color={problems.length ? 'red' : undefined}
                onClick={() => onSelect(entry.key)}
              />
            );
          })}
        </Card>
        <Group>{add}</Group>
        {form}
      </Stack>
    );
  }

  return (
    <Grid gutter="md">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Card withBorder radius="md" padding="xs">
          <FlowGraph definition={definition} selected={selected} errors={errors} onSelect={onSelect} />
          <Group justify="center" pt="xs">
            {add}
          </Group>
        </Card>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        {form}
        {Object.keys(errors).length > 0 && (
          <Text size="sm" c="red" mt="xs">
            O rascunho não foi salvo: corrija os passos marcados em vermelho.
          </Text>
        )}
      </Grid.Col>
    </Grid>
  );
}
