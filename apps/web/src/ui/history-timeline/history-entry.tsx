import { Anchor, Avatar, Badge, Button, Card, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconExternalLink, IconPencil } from '@tabler/icons-react';
import { isTaskLogType, logTitle } from '@vendaval/core/constants';
import { linkify } from '@vendaval/core/format';
import type { HistoryEntry as Entry } from '@vendaval/core/schemas/history';
import { Fragment } from 'react';
import { useObjectionsQuery } from '../../lib/lookups/lookups.ts';
import { openOpportunityModal } from '../../lib/opportunity-modal.ts';
import { useTerms } from '../../lib/platform.ts';
import { type EntryLine, entryLines, wallClockParts } from './entry-lines.ts';
import { ENTRY_STYLES } from './history-style.ts';
import classes from './history-timeline.module.css';

type HistoryEntryProps = {
  entry: Entry;
  from: 'opportunity' | 'contact' | 'user';
  onOpenTask: (entry: Entry) => void;
};

const roomId = (data: Record<string, unknown>) =>
  typeof data.remote_id === 'string' || typeof data.remote_id === 'number' ? data.remote_id : null;

/** One entry: when, an icon and colour by type, and a card with the title, the data and who did it where. */
export function HistoryEntry({ entry, from, onOpenTask }: HistoryEntryProps) {
  const terms = useTerms();
  const { date, time } = wallClockParts(entry.created_at);
  const style = ENTRY_STYLES[entry.type];
  const title = logTitle(entry.type, roomId(entry.data));
  const lines = entryLines(entry, terms);
  const isTask = isTaskLogType(entry.type);

  return (
    <li className={classes.entry} aria-label={`${title}, ${date} ${time}`}>
      <div className={classes.when}>
        <Text size="sm" fw={600}>
          {date}
        </Text>
        <Text size="xs" c="dimmed">
          {time}
        </Text>
      </div>
      <div className={classes.rail}>
        <ThemeIcon color={style.color} variant="light" radius="xl" size={32} aria-hidden>
          <style.icon size={18} />
        </ThemeIcon>
      </div>
      <Card withBorder radius="md" padding="sm" className={classes.card} data-type={entry.type}>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Text
              fw={600}
              size="sm"
              c={style.color === 'gray' ? undefined : `${style.color}.8`}
              className={classes.text}
            >
              {title}
            </Text>
            {isTask && (
              <Button
                variant="subtle"
                size="compact-xs"
                leftSection={<IconPencil size={14} />}
                onClick={() => onOpenTask(entry)}
              >
                Abrir tarefa
              </Button>
            )}
          </Group>
          {lines.map((line, index) => (
            // Lines of one entry have no identity of their own; their order never changes.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <DataLine key={index} line={line} />
          ))}
          {from !== 'user' && <PerformedBy user={entry.user} />}
          {from !== 'opportunity' && entry.opportunity && <PerformedOn opportunity={entry.opportunity} />}
        </Stack>
      </Card>
    </li>
  );
}

function DataLine({ line }: { line: EntryLine }) {
  return (
    <Text size="sm" className={line.multiline ? classes.multiline : classes.text}>
      {line.label && (
        <Text span size="sm" c="dimmed">
          {line.label}:{' '}
        </Text>
      )}
      {line.href ? (
        <Anchor href={line.href} target="_blank" rel="noopener noreferrer" size="sm">
          {line.text}
        </Anchor>
      ) : line.reasonId !== undefined ? (
        <LostReason id={line.reasonId} fallback={line.text} />
      ) : line.multiline ? (
        <LinkedText text={line.text} />
      ) : (
        line.text
      )}
    </Text>
  );
}

/** User text with its links (a videoconference room, say) clickable: built as elements, never as HTML. */
function LinkedText({ text }: { text: string }) {
  return linkify(text).map((part, index) =>
    part.type === 'link' ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
      <Anchor key={index} href={part.href} target="_blank" rel="noopener noreferrer" size="sm">
        {part.text}
      </Anchor>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
      <Fragment key={index}>{part.text}</Fragment>
    ),
  );
}

function LostReason({ id, fallback }: { id: number; fallback: string }) {
  const reasons = useObjectionsQuery();
  return <>{reasons.data?.find((r) => r.id === id)?.name ?? fallback}</>;
}

function PerformedBy({ user }: { user: Entry['user'] }) {
  return (
    <Group gap={6} wrap="wrap" className={classes.footer}>
      <Text size="xs" c="dimmed">
        Realizado por
      </Text>
      {user ? (
        <>
          <Avatar size={22} radius="xl" color="initials" name={user.name} aria-hidden />
          <Text size="xs" fw={600} className={classes.text}>
            {user.name}
          </Text>
          {user.access_code && (
            <Badge size="xs" variant="default" aria-label={`Código ${user.access_code}`}>
              {user.access_code}
            </Badge>
          )}
        </>
      ) : (
        <Text size="xs" fw={600}>
          Sistema
        </Text>
      )}
    </Group>
  );
}

function PerformedOn({ opportunity }: { opportunity: NonNullable<Entry['opportunity']> }) {
  return (
    <Group gap={6} wrap="wrap">
      <Text size="xs" c="dimmed">
        Realizado na oportunidade
      </Text>
      <Anchor
        component="button"
        type="button"
        size="xs"
        fw={600}
        className={classes.text}
        onClick={() => openOpportunityModal({ id: opportunity.id })}
      >
        {opportunity.name} #{opportunity.id}
        <IconExternalLink size={12} style={{ marginLeft: 4, verticalAlign: 'middle' }} aria-hidden />
      </Anchor>
    </Group>
  );
}
