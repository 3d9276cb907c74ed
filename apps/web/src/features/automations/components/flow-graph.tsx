import '@xyflow/react/dist/style.css';
import { Badge, Stack, Text } from '@mantine/core';
import type { AutomationDefinition } from '@vendaval/core/schemas/automations';
import { type Edge, type Node, ReactFlow } from '@xyflow/react';
import { useMemo } from 'react';
import {
  actionTitle,
  type FieldErrors,
  type NodeKey,
  nodeErrors,
  triggerTitle,
} from '../automation-errors.ts';

const NODE_WIDTH = 260;
const STEP = 100;

type Props = {
  definition: AutomationDefinition;
  selected: NodeKey;
  errors: FieldErrors;
  onSelect: (node: NodeKey) => void;
};

const keyOf = (id: string): NodeKey => (id === 'trigger' || id === 'conditions' ? id : Number(id.slice(7)));
const idOf = (node: NodeKey) => (typeof node === 'number' ? `action-${node}` : node);

function Label({ kind, title, problems }: { kind: string; title: string; problems: string[] }) {
  return (
    <Stack gap={2} align="center">
      <Text size="xs" c="dimmed">
        {kind}
      </Text>
      <Text size="sm" fw={600}>
        {title}
      </Text>
      {problems.length > 0 && (
        <Badge color="red" size="xs" variant="light">
          {problems.length === 1 ? '1 erro' : `${problems.length} erros`}
        </Badge>
      )}
    </Stack>
  );
}

/** The flow drawn top to bottom: the trigger, its conditions, then each action in order; a click picks a node. */
export function FlowGraph({ definition, selected, errors, onSelect }: Props) {
  const { nodes, edges } = useMemo(() => {
    const entries: { key: NodeKey; kind: string; title: string }[] = [
      { key: 'trigger', kind: 'Gatilho', title: triggerTitle(definition.trigger) },
      { key: 'conditions', kind: 'Condições', title: conditionsSummary(definition) },
      ...definition.actions.map((action, i) => ({
        key: i as NodeKey,
        kind: 'Ação',
        title: actionTitle(action, i),
      })),
    ];
    const nodes: Node[] = entries.map((entry, i) => {
      const problems = nodeErrors(errors, entry.key);
      const isSelected = entry.key === selected;
      return {
        id: idOf(entry.key),
        type: i === 0 ? 'input' : i === entries.length - 1 ? 'output' : 'default',
        position: { x: 0, y: i * STEP },
        data: { label: <Label kind={entry.kind} title={entry.title} problems={problems} /> },
        selectable: false,
        draggable: false,
        connectable: false,
        ariaLabel: `${entry.kind}: ${entry.title}`,
        className: problems.length ? 'automation-node-error' : undefined,
        style: {
          width: NODE_WIDTH,
          cursor: 'pointer',
          borderWidth: isSelected || problems.length ? 2 : 1,
          borderColor: problems.length
            ? 'var(--mantine-color-red-6)'
            : isSelected
              ? 'var(--mantine-primary-color-filled)'
              : undefined,
        },
      };
    });
    const edges: Edge[] = nodes.slice(1).map((node, i) => ({
      id: `edge-${i}`,
      source: nodes[i]?.id ?? '',
      target: node.id,
    }));
    return { nodes, edges };
  }, [definition, selected, errors]);

  return (
    <div
      style={{ height: Math.max(360, nodes.length * STEP + 80), width: '100%' }}
      data-testid="automation-flow"
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        fitView
        fitViewOptions={{ maxZoom: 1, padding: 0.15 }}
        nodesDraggable={false}
        nodesConnectable={false}
        elementsSelectable={false}
        zoomOnScroll={false}
        panOnScroll
        preventScrolling={false}
        onNodeClick={(_, node) => onSelect(keyOf(node.id))}
      />
    </div>
  );
}

/** How the conditions node reads: how many lists filter. */
export function conditionsSummary(definition: AutomationDefinition): string {
  const used = Object.values(definition.conditions).filter((list) => list.length > 0).length;
  return used === 0 ? 'Todas as oportunidades' : used === 1 ? '1 filtro' : `${used} filtros`;
}
