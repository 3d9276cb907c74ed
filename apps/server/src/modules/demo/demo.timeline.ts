import type { Faker } from '@faker-js/faker';
import type { StageType } from '@vendaval/core/constants';
import type { SeedMessage } from '../chat/chat.seed.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import { conversationTimes } from './demo.chat.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * When things happened to one demo card, all in the past and in order: created, first answered (its response
 * time), moved out of the first stage, closed. Its history entries, tasks and 'sem interação' line all read it.
 */
export interface Timeline {
  createdAt: Date;
  answeredAt: Date | null;
  movedAt: Date | null;
  closedAt: Date | null;
  updatedAt: Date;
}

const ago = (now: number, ms: number) => new Date(now - ms);
const between = (faker: Faker, from: Date, to: Date) => faker.date.between({ from, to });

/**
 * Most cards came in over the past five weeks and were answered within minutes; a new lead or two is minutes old
 * and still waiting; a few were left without an answer for days (the red 'sem interação' ones).
 */
export function cardTimeline(
  faker: Faker,
  i: number,
  stageType: StageType,
  now: number,
  conversation?: SeedMessage[],
): Timeline {
  if (conversation) {
    const { startedMinutesAgo, answeredMinutesAgo } = conversationTimes(conversation);
    const createdAt = ago(now, startedMinutesAgo * MINUTE_MS);
    const answeredAt = answeredMinutesAgo === null ? null : ago(now, answeredMinutesAgo * MINUTE_MS);
    return withRest(faker, stageType, now, createdAt, answeredAt);
  }
  if (stageType === 'First' && i % 4 === 1)
    return withRest(faker, stageType, now, ago(now, (4 + i) * MINUTE_MS), null);
  if (i % 8 === 2 && stageType !== 'Won' && stageType !== 'Lost') {
    const createdAt = ago(now, faker.number.int({ min: 2, max: 6 }) * DAY_MS + faker.number.int(8) * HOUR_MS);
    return withRest(faker, stageType, now, createdAt, null);
  }
  const days =
    stageType === 'First' ? faker.number.int({ min: 0, max: 2 }) : faker.number.int({ min: 3, max: 35 });
  const createdAt = ago(now, days * DAY_MS + faker.number.int({ min: 1, max: 10 }) * HOUR_MS);
  // Nearly every answer comes within ten minutes; one in seven takes longer and shows in the alert style.
  const tmaSeconds =
    i % 7 === 4 ? faker.number.int({ min: 900, max: 5400 }) : faker.number.int({ min: 40, max: 540 });
  return withRest(faker, stageType, now, createdAt, new Date(createdAt.getTime() + tmaSeconds * 1000));
}

/** The move out of the first stage and the close follow the answer; the last of them is the card's update. */
function withRest(
  faker: Faker,
  stageType: StageType,
  now: number,
  createdAt: Date,
  answeredAt: Date | null,
): Timeline {
  const since = answeredAt ?? createdAt;
  const movedAt = stageType === 'First' ? null : between(faker, since, ago(now, (now - since.getTime()) / 3));
  const closed = stageType === 'Won' || stageType === 'Lost';
  const closedAt = closed && movedAt ? between(faker, movedAt, new Date(now)) : null;
  return { createdAt, answeredAt, movedAt, closedAt, updatedAt: closedAt ?? movedAt ?? since };
}

/** Seconds from creation to the first answer: the card's response time (TMA). */
export const responseSeconds = (t: Timeline) =>
  t.answeredAt === null ? null : Math.round((t.answeredAt.getTime() - t.createdAt.getTime()) / 1000);

export interface DemoTaskTiming {
  createdAt: Date;
  /** 'YYYY-MM-DD HH:mm' in Brasília, as the task form sends it. */
  startTimestamp: string;
  done: boolean;
  endedAt: Date | null;
}

/**
 * A task of the card: done ones were scheduled and completed during the card's life; on a few open cards one was
 * left overdue; the others are due in the coming days.
 */
export function taskTiming(faker: Faker, card: Timeline, overdue: boolean, now: number): DemoTaskTiming {
  const life = card.closedAt ?? new Date(now);
  const start = card.answeredAt ?? card.createdAt;
  const room = life.getTime() - start.getTime() > 2 * HOUR_MS;
  if (room && (card.closedAt !== null || overdue || faker.datatype.boolean(0.5))) {
    const at = atWork(
      faker,
      between(faker, start, ago(life.getTime(), HOUR_MS)),
      start,
      ago(life.getTime(), HOUR_MS),
    );
    const createdAt = between(faker, card.createdAt, at);
    if (overdue && card.closedAt === null) {
      return { createdAt, startTimestamp: wallClock(at), done: false, endedAt: null };
    }
    const took = faker.number.int({ min: 5, max: 50 }) * MINUTE_MS;
    const endedAt = new Date(Math.min(at.getTime() + took, life.getTime() - MINUTE_MS));
    return { createdAt, startTimestamp: wallClock(at), done: true, endedAt };
  }
  const due = workingHours(faker, new Date(now + faker.number.int({ min: 1, max: 10 }) * DAY_MS));
  const createdAt = between(faker, card.createdAt, new Date(now));
  return { createdAt, startTimestamp: wallClock(due), done: false, endedAt: null };
}

/** 'YYYY-MM-DD HH:mm' of an instant, in Brasília. */
const wallClock = (at: Date) => wallClockOf(at).slice(0, 16);

/** A working hour of the day of `at` when it falls within `from`–`to`; else the half hour after `at`. */
function atWork(faker: Faker, at: Date, from: Date, to: Date) {
  const work = workingHours(faker, at);
  return work >= from && work <= to ? work : onTheHalfHour(at);
}

/** The next half hour from `at` (tasks are scheduled on the half hour). */
function onTheHalfHour(at: Date) {
  return new Date(Math.ceil(at.getTime() / (30 * MINUTE_MS)) * 30 * MINUTE_MS);
}

/** The same day at a working hour (8h to 18h in Brasília, UTC−3), on the half hour. */
function workingHours(faker: Faker, at: Date) {
  const day = Date.parse(`${wallClock(at).slice(0, 10)}T00:00:00-03:00`);
  return new Date(day + faker.number.int({ min: 16, max: 36 }) * 30 * MINUTE_MS);
}
