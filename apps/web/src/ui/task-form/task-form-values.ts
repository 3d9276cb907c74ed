import { APP_TIME_ZONE, TASK_DESCRIPTION_MAX, TASK_PARENT_TYPE } from '@vendaval/core/constants';
import { MESSAGES } from '@vendaval/core/messages';
import type { Task, TaskCreateInput, TaskUpdate } from '@vendaval/core/schemas/tasks';
import { VALIDATION_MESSAGES } from '@vendaval/core/validators';
import { z } from 'zod';

export type TaskOpportunity = { id: number; name: string; phone?: string | null };

export type TaskFormValues = {
  user_id: string | null;
  name: string;
  task_type_id: string | null;
  interaction_type_id: string | null;
  is_registry: boolean;
  /** 'YYYY-MM-DD'. */
  date: string | null;
  /** 'HH:mm'. */
  time: string;
  description: string;
  opportunity: TaskOpportunity | null;
};

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A time of day as 'HH:mm', 00:00 to 23:59. */
export const isTaskTime = (text: string) => TIME.test(text);

// Every rule lives in one refinement so that all missing fields are reported at once.
export const taskFormSchema = z
  .object({
    user_id: z.string().nullable(),
    name: z.string(),
    task_type_id: z.string().nullable(),
    interaction_type_id: z.string().nullable(),
    is_registry: z.boolean(),
    date: z.string().nullable(),
    time: z.string(),
    description: z.string(),
    opportunity: z.object({ id: z.number(), name: z.string(), phone: z.string().nullish() }).nullable(),
  })
  .superRefine((values, ctx) => {
    const need = (path: keyof TaskFormValues, ok: boolean, message: string) => {
      if (!ok) ctx.addIssue({ code: 'custom', path: [path], message });
    };
    need('user_id', !!values.user_id, MESSAGES.taskFieldRequired('Responsável'));
    need('task_type_id', !!values.task_type_id, MESSAGES.taskFieldRequired('Ação'));
    need(
      'interaction_type_id',
      !!values.interaction_type_id,
      MESSAGES.taskFieldRequired('Forma de Atendimento'),
    );
    if (!values.is_registry) {
      need('date', !!values.date, MESSAGES.taskFieldRequired('Data'));
      need('time', values.time !== '', MESSAGES.taskFieldRequired('Horário'));
      if (values.time !== '') need('time', isTaskTime(values.time), VALIDATION_MESSAGES.regex);
    }
    need('description', values.description.length <= TASK_DESCRIPTION_MAX, MESSAGES.taskDescriptionTooLong);
    need('opportunity', values.opportunity !== null, MESSAGES.opportunityRequired);
  });

const pad = (n: number) => String(n).padStart(2, '0');

/** Now as the app's wall clock (Brasília), where tasks live: { date: 'YYYY-MM-DD', time: 'HH:mm' }. */
export function nowInAppTime(now: Date = new Date()): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: APP_TIME_ZONE,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(now)
      .map((p) => [p.type, p.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${pad(Number(parts.hour))}:${parts.minute}`,
  };
}

/** A wall-clock date ('YYYY-MM-DD') and time ('HH:mm'). */
export type TaskStart = { date: string; time: string };

export function initialValues(options: {
  task?: Task;
  opportunity?: TaskOpportunity;
  /** A new schedule's preset date and time. */
  start?: TaskStart;
  registerOnly: boolean;
  selfId: number | undefined;
}): TaskFormValues {
  const { task, opportunity, start, registerOnly, selfId } = options;
  const now = nowInAppTime();
  if (task) {
    const [date = null, time = ''] = task.start_timestamp.split(' ');
    return {
      user_id: task.user_id === null ? null : String(task.user_id),
      name: task.name ?? '',
      task_type_id: task.task_type_id === null ? null : String(task.task_type_id),
      interaction_type_id: task.interaction_type_id === null ? null : String(task.interaction_type_id),
      is_registry: task.is_registry,
      date,
      time: time.slice(0, 5),
      description: task.description ?? '',
      opportunity: {
        id: task.opportunity.id,
        name: task.opportunity.name,
        phone: task.contact?.phone_number ?? null,
      },
    };
  }
  return {
    user_id: selfId === undefined ? null : String(selfId),
    name: '',
    task_type_id: null,
    interaction_type_id: null,
    is_registry: registerOnly,
    date: start && !registerOnly ? start.date : now.date,
    time: registerOnly ? now.time : (start?.time ?? ''),
    description: '',
    opportunity: opportunity ?? null,
  };
}

function common(values: TaskFormValues) {
  return {
    name: values.name.trim() || null,
    user_id: Number(values.user_id),
    parent_id: values.opportunity?.id ?? 0,
    parent_type: TASK_PARENT_TYPE as typeof TASK_PARENT_TYPE,
    task_type_id: Number(values.task_type_id),
    interaction_type_id: Number(values.interaction_type_id),
    description: values.description.trim() || null,
  };
}

/** POST /tasks: a schedule carries its 'YYYY-MM-DD HH:mm'; a registry is stamped now by the server. */
export function createPayload(values: TaskFormValues): TaskCreateInput {
  return {
    ...common(values),
    is_registry: values.is_registry,
    ...(values.is_registry ? {} : { start_timestamp: `${values.date} ${values.time}` }),
  };
}

/** PUT /tasks/{id}: the registry flag is sent as it is (it cannot change); a registry keeps its time. */
export function updatePayload(task: Task, values: TaskFormValues): TaskUpdate & { id: number } {
  return {
    id: task.id,
    ...common(values),
    is_registry: task.is_registry,
    ...(task.is_registry ? {} : { start_timestamp: `${values.date} ${values.time}` }),
  };
}
