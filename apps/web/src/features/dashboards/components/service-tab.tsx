import { Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { CALL_DURATION_CLASS_LABELS, CALL_DURATION_CLASSES } from '@vendaval/core/constants';
import { formatBRL, formatElapsed, formatTimer } from '@vendaval/core/format';
import type {
  ImbotSummary,
  OmnichannelSummary,
  OverallSummary,
  TpoSummary,
  VoipSummary,
} from '@vendaval/core/schemas/dashboards';
import type { ReactNode } from 'react';
import { useTerms } from '../../../lib/platform.ts';
import { usePeriodPair } from '../api/use-period-pair.ts';
import type { DashboardFilter } from '../dashboard-filter.ts';
import { ChangeBadge } from './change-badge.tsx';
import { ChartCard } from './chart-card.tsx';

type Figure = {
  label: string;
  value: number;
  format?: (value: number) => string;
  previous: number | undefined;
};

const percent = new Intl.NumberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 });

function Figures({ figures }: { figures: Figure[] }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      {figures.map((f) => (
        <Card key={f.label} withBorder radius="sm" padding="xs">
          <Text size="xs" c="dimmed">
            {f.label}
          </Text>
          <Group gap={6} align="baseline" wrap="nowrap">
            <Text fw={700} size="lg">
              {f.format ? f.format(f.value) : f.value}
            </Text>
            <ChangeBadge current={f.value} previous={f.previous} />
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}

/** A panel of figures with its CSV: each figure beside the previous period's. */
function Panel({
  title,
  loading,
  updating,
  figures,
  note,
}: {
  title: string;
  loading: boolean;
  updating: boolean;
  figures: Figure[];
  note?: ReactNode;
}) {
  const csv = () => ({
    header: ['Indicador', 'Período', 'Período anterior'],
    rows: figures.map((f) => [f.label, f.value, f.previous ?? null]),
  });
  return (
    <ChartCard title={title} loading={loading} updating={updating} empty={false} csv={csv}>
      <Stack gap="xs">
        <Figures figures={figures} />
        {note}
      </Stack>
    </ChartCard>
  );
}

type Props = { workspaceId: number; filter: DashboardFilter };

function usePair<T>(props: Props, path: string) {
  return usePeriodPair<T>(props.workspaceId, path, props.filter);
}

const seconds = (value: number) => (value ? formatElapsed(value) : '—');
/** A call's length as the dialer's timer shows it. */
const callLength = (value: number) => (value ? formatTimer(value * 1000) : '—');

/** The 'Atendimento' tab (PLAT-026): cards, response time, rooms, phone and bot. */
export function ServiceTab(props: Props) {
  const terms = useTerms();
  const overall = usePair<OverallSummary>(props, 'summary-dashboards/overall');
  const tpo = usePair<TpoSummary>(props, 'summary-dashboards/tpo');
  const omni = usePair<OmnichannelSummary>(props, 'summary-dashboards/omnichannel');
  const voip = usePair<VoipSummary>(props, 'summary-dashboards/voip');
  const bot = usePair<ImbotSummary>(props, 'summary-dashboards/imbot');
  const figure =
    <T,>(pair: { current: { data?: T }; previous: T | undefined }) =>
    (label: string, pick: (data: T) => number | null, format?: (value: number) => string): Figure => ({
      label,
      value: pair.current.data ? (pick(pair.current.data) ?? 0) : 0,
      previous: pair.previous ? (pick(pair.previous) ?? 0) : undefined,
      ...(format ? { format } : {}),
    });
  const cards = figure(overall);
  const time = figure(tpo);
  const rooms = figure(omni);
  const calls = figure(voip);
  const robot = figure(bot);
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
      <Panel
        title="Oportunidades"
        loading={overall.current.isPending}
        updating={overall.current.isPlaceholderData}
        figures={[
          cards('Oportunidades', (d) => d.cards.count),
          cards('Em aberto', (d) => d.cards.open),
          cards(terms.won_term, (d) => d.cards.won),
          cards(terms.lost_term, (d) => d.cards.lost),
          cards(
            'Conversão',
            (d) => d.conversion,
            (v) => percent.format(v),
          ),
          cards('Valor ganho', (d) => d.cards.won_price, formatBRL),
        ]}
      />
      <Panel
        title="Tempo de resposta"
        loading={tpo.current.isPending}
        updating={tpo.current.isPlaceholderData}
        figures={[
          time('Tempo médio', (d) => d.average_s, seconds),
          time('Até 10 min', (d) => d.acceptable),
          time('De 10 a 30 min', (d) => d.attention),
          time('Acima de 30 min', (d) => d.exceeded),
          time('Sem atendimento', (d) => d.unanswered),
        ]}
      />
      <Panel
        title="Omnichannel"
        loading={omni.current.isPending}
        updating={omni.current.isPlaceholderData}
        figures={[
          rooms('Salas abertas no período', (d) => d.rooms),
          rooms('Ainda abertas', (d) => d.open_rooms),
          rooms('Encerradas', (d) => d.closed_rooms),
          rooms('Mensagens recebidas', (d) => d.messages_received),
          rooms('Mensagens enviadas', (d) => d.messages_sent),
          rooms('Mensagens do robô', (d) => d.bot_messages),
        ]}
      />
      <Panel
        title="Telefone"
        loading={voip.current.isPending}
        updating={voip.current.isPlaceholderData}
        figures={[
          calls('Ligações', (d) => d.calls),
          calls('Atendidas', (d) => d.answered),
          calls('Não atendidas', (d) => d.not_answered),
          calls('Duração média', (d) => d.average_duration_s, callLength),
          ...CALL_DURATION_CLASSES.map((c) =>
            calls(CALL_DURATION_CLASS_LABELS[c], (d) => d.duration_classes[c]),
          ),
        ]}
        note={
          voip.current.data?.calls === 0 ? (
            <Text size="sm" c="dimmed">
              Nenhuma ligação registrada no período.
            </Text>
          ) : null
        }
      />
      <Panel
        title="Robô"
        loading={bot.current.isPending}
        updating={bot.current.isPlaceholderData}
        figures={[
          robot('Salas com o robô', (d) => d.rooms_on_bot),
          robot('Mensagens do robô', (d) => d.bot_messages),
          robot('Oportunidades do robô', (d) => d.opportunities_from_bot),
        ]}
      />
    </SimpleGrid>
  );
}
