import { MESSAGES } from '@vendaval/core/messages';
import { TASK_DUE_NOTICE_MINUTES } from '@vendaval/core/schemas/notifications';
import type { Db } from '../../infra/db.ts';
import { wallClockOf } from '../tasks/tasks.wall-clock.ts';
import { deliverPush, type PushSender } from './notifications.push.ts';
import { tasksDueUnnotified } from './notifications.queries.ts';
import { type Notifier, notify, PUSH_QUEUE, type PushJob } from './notifications.service.ts';

export const TASK_DUE_QUEUE = 'notifications-task-due';
/** Every minute: a task is told between 15 and 14 minutes before its time. */
const TASK_DUE_CRON = '* * * * *';
const TASK_DUE_BATCH = 500;

/**
 * Tells each owner of an open task that starts within the next 15 minutes, once per task: the cause key makes a
 * second run (a retry, an overlapping sweep) insert nothing, and the sweep skips the tasks already told.
 */
export async function notifyTasksDue({ db, ...notifier }: Notifier & { db: Db }, now: Date) {
  const from = wallClockOf(now);
  const to = wallClockOf(new Date(now.getTime() + TASK_DUE_NOTICE_MINUTES * 60_000));
  for (;;) {
    const due = await tasksDueUnnotified(db, from, to, TASK_DUE_BATCH);
    const told = await db.transaction(async (tx) => {
      let count = 0;
      for (const task of due) {
        count += (
          await notify(tx, notifier, {
            scope: task,
            userIds: [task.userId],
            kind: 'task_due',
            origin: 'Task',
            originId: task.id,
            opportunityId: task.opportunityId,
            title: MESSAGES.notificationTaskDue,
            body: MESSAGES.notificationTaskDueBody(
              task.name ?? task.opportunityName,
              task.startTimestamp.slice(11, 16),
            ),
            causeKey: `task-due:${task.id}`,
          })
        ).length;
      }
      return count;
    });
    // A full batch of which nothing was new would come back the same: stop rather than spin.
    if (due.length < TASK_DUE_BATCH || told === 0) return;
  }
}

export function registerNotificationJobs(deps: Notifier & { db: Db }, sender: PushSender) {
  const { jobs, db } = deps;
  jobs.work(TASK_DUE_QUEUE, () => notifyTasksDue(deps, new Date()), { retryLimit: 0 });
  jobs.schedule(TASK_DUE_QUEUE, TASK_DUE_CRON);
  jobs.work<PushJob>(PUSH_QUEUE, (job) => deliverPush(db, sender, job), { retryLimit: 3, concurrency: 4 });
}
