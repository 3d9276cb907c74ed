import { IconCheck, IconCircleCheck, IconCircleCheckFilled, IconClock } from '@tabler/icons-react';
import type { MessageStatus as Status } from '@vendaval/core/schemas/chat';

/** Sent: one check; Delivered: a check circle; Read: a blue check circle (CHAT-015 to CHAT-017). */
export function MessageStatus({ status }: { status: Status }) {
  if (status === 'Read') {
    return (
      <IconCircleCheckFilled
        size={14}
        style={{ color: 'var(--mantine-color-blue-6)' }}
        aria-label="Lida"
        role="img"
      />
    );
  }
  if (status === 'Delivered') return <IconCircleCheck size={14} aria-label="Entregue" role="img" />;
  // A failed message shows its red error mark instead.
  if (status === 'failed') return null;
  if (status === 'pending') return <IconClock size={14} aria-label="Enviando" role="img" />;
  return <IconCheck size={14} aria-label="Enviada" role="img" />;
}
