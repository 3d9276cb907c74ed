import { Badge, Button, Group, Paper, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  IconPhone,
  IconPhoneOff,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
} from '@tabler/icons-react';
import type { PhoneConnectionStatus, PhoneStatus } from '@vendaval/core/constants';
import { formatPhone, formatTimer } from '@vendaval/core/format';
import { useEffect } from 'react';
import type { DialerSession } from '../dialer-session.ts';
import classes from './dial-bar.module.css';

/** The phone status as the rep reads it. */
export const PHONE_STATUS_LABELS: Record<PhoneStatus, string> = {
  onHold: 'Aguardando ligação',
  onCall: 'Em ligação',
  paused: 'Pausado',
};

const CONNECTION_COLORS: Record<PhoneConnectionStatus, string> = {
  Despachando: 'green',
  Conectando: 'yellow',
  Desconectado: 'red',
  'Sem registro': 'gray',
  'Falha de registro': 'red',
};

/** The room the bar takes above the page, for screens that fill the window (the board). */
const BAR_SPACE = '--dial-bar-space';

function useBarSpace() {
  const { ref, height } = useElementSize<HTMLDivElement>();
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new size is what asks for a new measure.
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const root = document.documentElement.style;
    const margin = Number.parseFloat(getComputedStyle(element).marginBottom) || 0;
    root.setProperty(BAR_SPACE, `${element.offsetHeight + margin}px`);
    return () => {
      root.removeProperty(BAR_SPACE);
    };
  }, [ref, height]);
  return ref;
}

type Props = {
  session: DialerSession;
  connection: PhoneConnectionStatus;
  /** Milliseconds on the timer now. */
  elapsed: number;
  busy: boolean;
  onPause: () => void;
  onResume: () => void;
  onHangUp: () => void;
  onFinish: () => void;
};

/**
 * The global dial bar (platform.md §2, §4): the phone's status and connection, the card on the line, the timer,
 * pause or resume (a queue), hang up (on a call) and finish dialing. It sits in the page's flow, above the
 * screen, so it never covers the screen's own actions.
 */
export function DialBar({
  session,
  connection,
  elapsed,
  busy,
  onPause,
  onResume,
  onHangUp,
  onFinish,
}: Props) {
  const { status, call, queue } = session;
  const ref = useBarSpace();
  return (
    <Paper
      ref={ref}
      role="region"
      aria-label="Barra de discagem"
      withBorder
      radius="md"
      p="xs"
      className={classes.bar}
    >
      <Group gap="xs" wrap="nowrap" className={classes.state}>
        <IconPhone size={20} className={status === 'onCall' ? classes.pulse : undefined} aria-hidden />
        <Text fw={600} size="sm" data-testid="phone-status">
          {PHONE_STATUS_LABELS[status]}
        </Text>
        <Badge color={CONNECTION_COLORS[connection]} variant="light" aria-label={`Conexão: ${connection}`}>
          {connection}
        </Badge>
        <Text ff="monospace" size="sm" aria-label="Tempo" className={classes.timer}>
          {formatTimer(elapsed)}
        </Text>
      </Group>
      <div className={classes.card}>
        {call && (
          <Text size="sm" truncate="end">
            {call.opportunity.name ?? `#${call.opportunity.id}`} · {formatPhone(call.phone_number)}
          </Text>
        )}
        {queue && (
          <Text size="xs" c="dimmed">
            Card {Math.min(queue.index + 1, queue.total)} de {queue.total}
          </Text>
        )}
      </div>
      <Group gap="xs" wrap="nowrap" className={classes.actions}>
        {status === 'onCall' && (
          <Button
            size="xs"
            color="red"
            leftSection={<IconPhoneOff size={16} />}
            onClick={onHangUp}
            disabled={busy}
          >
            Desligar
          </Button>
        )}
        {session.mode === 'queue' && status === 'onHold' && !session.afterCall && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlayerPause size={16} />}
            onClick={onPause}
            disabled={busy}
          >
            Pausar
          </Button>
        )}
        {session.mode === 'queue' && status === 'paused' && !session.afterCall && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlayerPlay size={16} />}
            onClick={onResume}
            disabled={busy}
          >
            Retomar
          </Button>
        )}
        <Button
          size="xs"
          variant="default"
          leftSection={<IconPlayerStop size={16} />}
          onClick={onFinish}
          disabled={busy}
        >
          Finalizar
        </Button>
      </Group>
    </Paper>
  );
}
