import { Alert } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle } from '@tabler/icons-react';
import { MESSAGES, TOASTS } from '@vendaval/core/messages';
import { canWriteInRoom } from '@vendaval/core/permissions';
import type { ChatMessage } from '@vendaval/core/schemas/chat';
import { type DragEvent, useMemo, useState } from 'react';
import type { CardChatProps } from '../../../lib/card-chat.ts';
import { useCurrentRole } from '../../../lib/current-workspace.ts';
import { ApiError } from '../../../lib/http.ts';
import { useSession } from '../../../lib/session.ts';
import { TOAST_DURATION } from '../../../lib/toasts.ts';
import { useIsMobile } from '../../../ui/responsive.ts';
import { variableValues } from '../../../ui/template-send/template-variables.ts';
import { useDialogQuery } from '../api/use-dialog-query.ts';
import { useReopenDialogMutation } from '../api/use-reopen-dialog-mutation.ts';
import { useSendMessageMutation } from '../api/use-send-message-mutation.ts';
import { sendFiles } from '../hooks/use-file-sender.ts';
import { useMarkRead } from '../hooks/use-mark-read.ts';
import { useMicrophoneWarning } from '../hooks/use-microphone-warning.ts';
import classes from './chat.module.css';
import { ClosedRoomBar } from './closed-room-bar.tsx';
import { Composer } from './composer.tsx';
import { DeleteMessageModal } from './delete-message-modal.tsx';
import { DropOverlay } from './drop-overlay.tsx';
import { MessageArea } from './message-area.tsx';
import { type OpenMode, OpenRoomPanel } from './open-room-panel.tsx';

// roomBot: the new room starts with the bot of the room that could not be reopened.
type Panel = { kind: 'open'; roomBot?: boolean; mode?: OpenMode } | { kind: 'quick' } | null;

function reopenFailure(error: unknown): 'template' | 'toast' {
  const text = error instanceof ApiError ? (error.body?.message ?? error.message) : '';
  return /whatsapp business/i.test(text) ? 'template' : 'toast';
}

function useDropZone(enabled: boolean, onFiles: (files: File[]) => void) {
  const [dragging, setDragging] = useState(false);
  const hasFiles = (event: DragEvent) => event.dataTransfer?.types?.includes('Files') ?? false;
  // Where files cannot be sent, a drop must still not make the browser open the file instead of the app.
  const ignore = (event: DragEvent) => event.preventDefault();
  if (!enabled) return { dragging: false, handlers: { onDragOver: ignore, onDrop: ignore } };
  return {
    dragging,
    handlers: {
      onDragOver: (event: DragEvent) => {
        if (!hasFiles(event)) return;
        event.preventDefault();
        setDragging(true);
      },
      onDragLeave: (event: DragEvent) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      },
      onDrop: (event: DragEvent) => {
        event.preventDefault();
        setDragging(false);
        onFiles([...(event.dataTransfer?.files ?? [])]);
      },
    },
  };
}

/** The card's newest room as the chat rules it: open or closed, and whether this user may write in it. */
function useNewestRoom(opportunity: CardChatProps['opportunity']) {
  const role = useCurrentRole() ?? '';
  const { user } = useSession();
  const summary = opportunity.dialogs[0] ?? null;
  const dialog = useDialogQuery(summary?.id ?? null).data;
  const isOpen = summary !== null && !(dialog ? dialog.closed_at : summary.closed_at);
  const owner = dialog?.user_id ?? summary?.user_id ?? null;
  const writable = isOpen && canWriteInRoom(role, user?.id ?? 0, { roomUserId: owner, isOpen });
  return { summary, dialog, isOpen, writable };
}

function useReopen(opportunityId: number, dialogId: number | undefined, onTemplate: () => void) {
  const reopen = useReopenDialogMutation(opportunityId);
  const start = () => {
    if (dialogId === undefined) return;
    reopen.mutate(dialogId, {
      onError: (error) => {
        // A Business account cannot reopen a room after its window: a new one by template takes its place.
        if (reopenFailure(error) === 'template') return onTemplate();
        notifications.show({ color: 'red', ...TOASTS.roomNotReopened, autoClose: TOAST_DURATION.error });
      },
    });
  };
  return { start, pending: reopen.isPending };
}

/** The card's chat (chat.md §2): its rooms, and the bar to write, reopen or open one. */
export function ChatPanel({ opportunity }: CardChatProps) {
  const { user } = useSession();
  const mobile = useIsMobile();
  const { summary, dialog, isOpen, writable } = useNewestRoom(opportunity);
  const [panel, setPanel] = useState<Panel>(null);
  const [deleting, setDeleting] = useState<ChatMessage | null>(null);
  const [newest, setNewest] = useState<ChatMessage | undefined>();
  const [replyTo, setReplyTo] = useState<ChatMessage | null>(null);
  const values = useMemo(() => variableValues(opportunity, user?.name ?? null), [opportunity, user]);
  const sendMessage = useSendMessageMutation(summary?.id ?? 0);
  const reopen = useReopen(opportunity.id, summary?.id, () =>
    setPanel({ kind: 'open', roomBot: true, mode: 'template' }),
  );
  const send = sendMessage.mutateAsync;
  const drop = useDropZone(writable, (files) => void sendFiles(files, send).catch(() => {}));
  useMicrophoneWarning();
  useMarkRead(isOpen ? dialog : undefined, newest);

  return (
    <div className={classes.panel} {...drop.handlers}>
      <MessageArea
        opportunity={opportunity}
        polling={isOpen}
        actions={{ onDelete: setDeleting, onReply: writable ? setReplyTo : undefined }}
        onNewestMessage={setNewest}
      />
      <div className={classes.dock}>
        {panel?.kind === 'open' && (
          <OpenRoomPanel
            opportunityId={opportunity.id}
            values={values}
            initialBotId={panel.roomBot ? dialog?.bot_id : undefined}
            initialMode={panel.mode}
            onClose={() => setPanel(null)}
          />
        )}
        {!isOpen && panel?.kind !== 'open' && (
          <ClosedRoomBar
            hasRoom={summary !== null}
            reopening={reopen.pending}
            onReopen={reopen.start}
            onChangeChannel={() => setPanel({ kind: 'open' })}
            onOpen={() => setPanel({ kind: 'open' })}
          />
        )}
        {isOpen && !writable && (
          <Alert color="yellow" icon={<IconAlertTriangle size={18} />} p="xs">
            {MESSAGES.roomOfAttendant(dialog?.user_name ?? 'outro atendente')}
          </Alert>
        )}
        {writable && (
          <Composer
            send={send}
            replyTo={replyTo}
            onReplyTo={setReplyTo}
            sending={sendMessage.isPending}
            values={values}
            mobile={mobile}
            quickAnswers={panel?.kind === 'quick'}
            onQuickAnswers={(open) => setPanel(open ? { kind: 'quick' } : null)}
          />
        )}
      </div>
      {drop.dragging && <DropOverlay />}
      {deleting && <DeleteMessageModal message={deleting} onClose={() => setDeleting(null)} />}
    </div>
  );
}
