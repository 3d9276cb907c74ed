import { Group, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import {
  formatDuration,
  isResponseTimeAlert,
  type ResponseTimeClass,
  responseTimeClass,
} from '@vendaval/core/format';
import type { Opportunity } from '@vendaval/core/schemas/opportunities';
import { useEffect, useState } from 'react';

const CLASS_COLORS: Record<ResponseTimeClass, string> = {
  acceptable: 'teal',
  attention: 'yellow.8',
  exceeded: 'red',
};

/** Seconds since the card waits for its first answer, ticking every minute. */
function useWaitingSeconds(since: string, running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, [running]);
  return Math.max(0, (now - Date.parse(since)) / 1000);
}

/** 'Atendido em X' once someone answered (alert above 600 s), otherwise 'X sem interação'. */
export function ResponseTime({
  opportunity,
}: {
  opportunity: Pick<Opportunity, 'tma' | 'recreated_at' | 'created_at'>;
}) {
  const { tma } = opportunity;
  const waiting = useWaitingSeconds(opportunity.recreated_at ?? opportunity.created_at, tma === null);
  const answered = tma !== null;
  const seconds = answered ? tma : waiting;
  const level = responseTimeClass(seconds);
  const color = answered ? (isResponseTimeAlert(tma) ? 'red' : 'teal') : CLASS_COLORS[level];
  return (
    <Group
      gap={6}
      wrap="nowrap"
      c={color}
      data-level={level}
      data-alert={answered && isResponseTimeAlert(tma)}
    >
      <IconClockHour4 size={16} aria-hidden />
      <Text size="sm" fw={500}>
        {answered ? `Atendido em ${formatDuration(tma)}` : `${formatDuration(waiting)} sem interação`}
      </Text>
    </Group>
  );
}
