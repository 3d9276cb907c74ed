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
import type { Task } from '@vendaval/core/schemas/tasks';
import { nowInAppTime, type TaskStart } from '../../../ui/task-form/task-form-values.ts';
import type { VisibleRange } from '../api/use-calendar-tasks-query.ts';
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
  mobile: boolean;
  onRangeChange: (range: VisibleRange) => void;
  onOpenTask: (task: Task) => void;
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

const taskOf = (arg: { event: { extendedProps: Record<string, unknown> } }) =>
  arg.event.extendedProps.task as Task;

/** Month, week, day and list views of the tasks (platform.md §2 '/calendar'), in pt-BR. */
export function TaskCalendar({ tasks, mobile, onRangeChange, onOpenTask, onPickSlot, onMoveTask }: Props) {
  const datesSet = (arg: DatesSetArg) =>
    onRangeChange({
      start: arg.start.toISOString().slice(0, 10),
      // The view's end is exclusive; a bare end date covers its whole day.
      end: new Date(arg.end.getTime() - DAY_MS).toISOString().slice(0, 10),
    });
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
        plugins={PLUGINS}
        locale={ptBrLocale}
        timeZone="UTC"
        now={`${now.date}T${now.time}:00`}
        initialView={mobile ? 'listWeek' : 'dayGridMonth'}
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
        height={mobile ? 'auto' : 700}
        dayMaxEvents
        windowResizeDelay={0}
        eventDisplay="block"
        nowIndicator
        scrollTime="08:00:00"
        defaultTimedEventDuration="00:30"
        eventDurationEditable={false}
        displayEventEnd={false}
        eventTimeFormat={TIME_FORMAT}
        slotLabelFormat={TIME_FORMAT}
        events={tasks.map(toEvent)}
        datesSet={datesSet}
        dateClick={dateClick}
        eventClick={(arg: EventClickArg) => onOpenTask(taskOf(arg))}
        eventDrop={eventDrop}
        eventContent={(arg: EventContentArg) => (
          <span className={classes.content} title={`${arg.event.title} — ${taskStatusText(taskOf(arg))}`}>
            {arg.timeText && <b>{arg.timeText}</b>} {arg.event.title}
          </span>
        )}
      />
    </div>
  );
}
