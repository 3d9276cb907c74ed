import type {
  DatesSetArg,
  EventClickArg,
  EventContentArg,
  EventDropArg,
  EventInput,
} from '@fullcalendar/core';
import ptBrLocale from '@fullcalendar/core/locales/pt-br';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import type { ScheduleTask } from '@vendaval/core/schemas/schedule';
import type { Task } from '@vendaval/core/schemas/tasks';
import { useEffect, useRef, useState } from 'react';
import { nowInAppTime, type TaskStart } from '../../../ui/task-form/task-form-values.ts';
import type { VisibleRange } from '../api/use-calendar-tasks-query.ts';
import type { HiddenTasks } from '../hidden-tasks.ts';
import { cssColor, statusColor, typeColor } from '../task-colors.ts';
import { taskStatusText, taskTitle } from '../task-label.ts';
import classes from './task-calendar.module.css';

/** A month-view day has no time: a task created there starts at the beginning of the working day. */
export const DAY_CLICK_TIME = '09:00';
const DAY_MS = 86_400_000;
const TIME_FORMAT = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const PLUGINS = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];

// Tasks hold Brasília wall-clock times. The calendar runs in UTC so that a date's UTC fields *are* that wall
// clock, whatever the browser's zone: nothing shifts on the way in or out.
const wallClock = (date: Date) => date.toISOString().slice(0, 16).replace('T', ' ');

type Props = {
  tasks: Task[];
  /** The person's schedule tasks (routines and actions): shown apart, never moved, opened in their own view. */
  scheduleTasks?: ScheduleTask[];
  /** Month view: the days holding more tasks than their cell shows. */
  moreByDay: HiddenTasks[];
  mobile: boolean;
  onRangeChange: (range: VisibleRange) => void;
  onOpenTask: (task: Task) => void;
  onOpenScheduleTask: (task: ScheduleTask) => void;
  onPickSlot: (start: TaskStart) => void;
  /** Drag to another time; `revert` puts the task back when the server refuses. */
  onMoveTask: (task: Task, start: string, revert: () => void) => void;
};

function toEvent(task: Task): EventInput {
  const status = statusColor(task);
  return {
    id: String(task.id),
    title: `${taskTitle(task)} · ${task.opportunity.name}`,
    start: task.start_timestamp.replace(' ', 'T'),
    allDay: false,
    // Saving a completed task or a registry would reopen or move what is already done.
    editable: task.status !== 'Completed' && !task.is_registry,
    backgroundColor: cssColor(status, 1),
    borderColor: cssColor(typeColor(task.task_type_id)),
    textColor: cssColor(status, 9),
    classNames: [classes.event ?? '', task.is_delayed ? (classes.delayed ?? '') : ''],
    extendedProps: { task },
  };
}

function scheduleEvent(task: ScheduleTask): EventInput {
  return {
    id: `schedule-${task.id}`,
    title: `Cronograma · ${task.name}`,
    start: task.start_timestamp.replace(' ', 'T'),
    allDay: false,
    editable: false,
    classNames: [
      classes.event ?? '',
      classes.schedule ?? '',
      task.status === 'Completed' ? (classes.scheduleDone ?? '') : '',
    ],
    extendedProps: { scheduleTask: task },
  };
}

/** '+N mais' under a month cell's tasks, last of its day; a click opens the day view. */
function moreEvent({ day, hidden }: HiddenTasks): EventInput {
  return {
    id: `more-${day}`,
    title: `+${hidden} mais`,
    // The day's last minute, ending within it: with the default duration it would spill into the next day.
    start: `${day}T23:59:00`,
    end: `${day}T23:59:59`,
    allDay: false,
    editable: false,
    classNames: [classes.more ?? ''],
    extendedProps: { moreOf: day },
  };
}

type EventArg = { event: { extendedProps: Record<string, unknown> } };
const taskOf = (arg: EventArg) => arg.event.extendedProps.task as Task;
const moreOf = (arg: EventArg) => arg.event.extendedProps.moreOf as string | undefined;
const scheduleOf = (arg: EventArg) => arg.event.extendedProps.scheduleTask as ScheduleTask | undefined;
const DAY_VIEW = 'timeGridDay';
const SCROLL_TIME = '08:00:00';

/** Month, week, day and list views of the tasks (platform.md §2 '/calendar'), in pt-BR. */
export function TaskCalendar(props: Props) {
  const {
    tasks,
    scheduleTasks = [],
    moreByDay,
    mobile,
    onRangeChange,
    onOpenTask,
    onOpenScheduleTask,
    onPickSlot,
    onMoveTask,
  } = props;
  const calendar = useRef<FullCalendar>(null);
  const initialView = mobile ? 'listWeek' : 'dayGridMonth';
  const [view, setView] = useState(initialView);
  // A month grows to fit its cells, so a time grid opened from it gets its scroller only once its height is
  // set: the working day's start is scrolled to then.
  useEffect(() => {
    if (view.startsWith('timeGrid')) calendar.current?.getApi().scrollToTime(SCROLL_TIME);
  }, [view]);
  const datesSet = (arg: DatesSetArg) => {
    setView(arg.view.type);
    onRangeChange({
      start: arg.start.toISOString().slice(0, 10),
      // The view's end is exclusive; a bare end date covers its whole day.
      end: new Date(arg.end.getTime() - DAY_MS).toISOString().slice(0, 10),
      view: arg.view.type,
    });
  };
  const eventClick = (arg: EventClickArg) => {
    const day = moreOf(arg);
    const scheduleTask = scheduleOf(arg);
    if (day) calendar.current?.getApi().changeView(DAY_VIEW, day);
    else if (scheduleTask) onOpenScheduleTask(scheduleTask);
    else onOpenTask(taskOf(arg));
  };
  const dateClick = (arg: DateClickArg) => {
    const [date = '', time = ''] = wallClock(arg.date).split(' ');
    onPickSlot({ date, time: arg.allDay ? DAY_CLICK_TIME : time });
  };
  const eventDrop = (arg: EventDropArg) => {
    if (arg.event.start) onMoveTask(taskOf(arg), wallClock(arg.event.start), arg.revert);
  };
  const now = nowInAppTime();
  return (
    <div className={classes.calendar}>
      <FullCalendar
        ref={calendar}
        plugins={PLUGINS}
        locale={ptBrLocale}
        timeZone="UTC"
        now={`${now.date}T${now.time}:00`}
        initialView={initialView}
        headerToolbar={
          mobile
            ? { left: 'prev,next', center: 'title', right: 'today' }
            : {
                left: 'prev,next today',
                center: 'title',
                right: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek',
              }
        }
        footerToolbar={mobile ? { center: 'dayGridMonth,timeGridWeek,timeGridDay,listWeek' } : undefined}
        // A month grows to hold its cells' tasks and their '+N mais'.
        height={mobile || view === 'dayGridMonth' ? 'auto' : 700}
        navLinks
        navLinkDayClick={DAY_VIEW}
        windowResizeDelay={0}
        eventDisplay="block"
        nowIndicator
        scrollTime={SCROLL_TIME}
        defaultTimedEventDuration="00:30"
        eventDurationEditable={false}
        displayEventEnd={false}
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        events={[...tasks.map(toEvent), ...scheduleTasks.map(scheduleEvent), ...moreByDay.map(moreEvent)]}
        datesSet={datesSet}
        dateClick={dateClick}
        eventClick={eventClick}
        eventDrop={eventDrop}
        eventContent={(arg: EventContentArg) =>
          moreOf(arg) ? (
            <span className={classes.content}>{arg.event.title}</span>
          ) : scheduleOf(arg) ? (
            <span
              className={classes.content}
              title={`${arg.event.title} — ${scheduleOf(arg)?.status === 'Completed' ? 'Concluída' : 'Pendente'}`}
            >
              {arg.timeText && <b>{arg.timeText}</b>} {arg.event.title}
            </span>
          ) : (
            <span className={classes.content} title={`${arg.event.title} — ${taskStatusText(taskOf(arg))}`}>
              {arg.timeText && <b>{arg.timeText}</b>} {arg.event.title}
            </span>
          )
        }
      />
    </div>
  );
}
