import { useEffect, useState } from 'react';
import { TaskFormModal } from '../../../ui/task-form/task-form-modal.tsx';
import { useDialer } from '../use-dialer.ts';
import { DialBar } from './dial-bar.tsx';

const TICK_MS = 1000;

/** The dial bar while a queue or a single call is open, from any screen, and the task form after each call. */
export function DialerHost() {
  const dialer = useDialer();
  const { session } = dialer;
  const [now, setNow] = useState(() => Date.now());
  const active = session !== null;
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [active]);
  if (!session) return null;
  const card = session.call?.opportunity;
  return (
    <>
      <DialBar
        session={session}
        connection={dialer.connection}
        elapsed={Math.max(0, now - session.since)}
        busy={dialer.busy}
        onPause={dialer.pause}
        onResume={dialer.resume}
        onHangUp={dialer.hangUp}
        onFinish={dialer.finish}
      />
      {card && (
        <TaskFormModal
          opened={session.afterCall === 'task'}
          onClose={dialer.taskDone}
          opportunity={{ id: card.id, name: card.name ?? `#${card.id}` }}
          registerOnly
          onSaved={dialer.taskDone}
        />
      )}
    </>
  );
}
