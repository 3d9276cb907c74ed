import { IconAlertCircle, IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { mediaKindOf } from '@vendaval/core/constants';
import { formatTime } from '@vendaval/core/format';
import type { SimulatorMessage } from '@vendaval/core/schemas/chat';
import classes from '../simulator.module.css';

const READ_BLUE = '#53bdeb';

/** Single check when sent, double when delivered, blue when read (chat.md §2). */
export function StatusTicks({ status }: { status: SimulatorMessage['status'] }) {
  if (status === 'pending') return <IconClock size={13} aria-label="Enviando" />;
  if (status === 'failed') return <IconAlertCircle size={13} color="red" aria-label="Não entregue" />;
  if (status === 'sent') return <IconCheck size={14} aria-label="Enviada" />;
  const read = status === 'Read';
  return (
    <IconChecks size={14} color={read ? READ_BLUE : undefined} aria-label={read ? 'Lida' : 'Entregue'} />
  );
}

function Attachment({ file }: { file: NonNullable<SimulatorMessage['file']> }) {
  const kind = mediaKindOf(file.mime);
  if (kind === 'image' || kind === 'sticker')
    return <img className={classes.media} src={file.url} alt={file.name} />;
  if (kind === 'audio') {
    // biome-ignore lint/a11y/useMediaCaption: a contact's voice note has no caption track
    return <audio controls src={file.url} aria-label={file.name} style={{ width: 230 }} />;
  }
  return (
    <a href={file.url} download={file.name} target="_blank" rel="noreferrer">
      {file.name}
    </a>
  );
}

/** One message as the contact's phone shows it: theirs on the right, the company's on the left. */
export function PhoneBubble({ message: m }: { message: SimulatorMessage }) {
  return (
    <div className={classes.bubble} data-mine={m.from_contact || undefined} data-testid="phone-bubble">
      {!m.from_contact && m.author && <div className={classes.author}>{m.author}</div>}
      {m.is_deleted ? (
        <i>Mensagem deletada para todos!</i>
      ) : (
        <>
          {m.file && <Attachment file={m.file} />}
          {m.message && <div>{m.message}</div>}
        </>
      )}
      <div className={classes.meta}>
        <span>{formatTime(m.sent_at)}</span>
        <StatusTicks status={m.status} />
      </div>
    </div>
  );
}
