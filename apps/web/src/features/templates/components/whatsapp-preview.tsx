import {
  IconArrowBackUp,
  IconCopy,
  IconExternalLink,
  IconFile,
  IconPhone,
  IconPhoto,
  IconVideo,
} from '@tabler/icons-react';
import type { TemplateComponent } from '@vendaval/core/schemas/chat';
import type { ReactNode } from 'react';
import classes from './whatsapp-preview.module.css';

const BUTTON_ICONS = {
  URL: IconExternalLink,
  PHONE_NUMBER: IconPhone,
  COPY_CODE: IconCopy,
  QUICK_REPLY: IconArrowBackUp,
} as const;

const MEDIA_ICONS = { IMAGE: IconPhoto, VIDEO: IconVideo, DOCUMENT: IconFile } as const;

/** WhatsApp's inline marks: *bold*, _italic_, ~strikethrough~ and ```monospace```. */
const MARKS = /(\*[^*\n]+\*|_[^_\n]+_|~[^~\n]+~|```[^`]+```)/g;

/** Variables shown as their examples (or as written when there is none), marked. */
function withVariables(text: string, examples: readonly string[], key: string): ReactNode[] {
  return text.split(/\{\{(\d+)\}\}/).map((part, i) =>
    i % 2 === 1 ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text keep their order
      <span key={`${key}-${i}`} className={classes.variable} title={`Variável {{${part}}}`}>
        {examples[Number(part) - 1] || `{{${part}}}`}
      </span>
    ) : (
      part
    ),
  );
}

/** A template text as WhatsApp shows it: its marks applied, its variables filled with the examples. */
function TemplateText({ text, examples }: { text: string; examples: readonly string[] }) {
  return (
    <>
      {text.split(MARKS).map((part, i) => {
        const key = `p-${i}`;
        const mark = part.length > 2 ? (part[0] ?? '') : '';
        if (part.length > 6 && part.startsWith('```') && part.endsWith('```'))
          return <code key={key}>{withVariables(part.slice(3, -3), examples, key)}</code>;
        if (mark && part.endsWith(mark)) {
          const inner = withVariables(part.slice(1, -1), examples, key);
          if (mark === '*') return <strong key={key}>{inner}</strong>;
          if (mark === '_') return <em key={key}>{inner}</em>;
          if (mark === '~') return <s key={key}>{inner}</s>;
        }
        return <span key={key}>{withVariables(part, examples, key)}</span>;
      })}
    </>
  );
}

/**
 * A template as the contact sees it on WhatsApp: the bubble with header, body and footer, then its buttons.
 * Every text is rendered as text; variables show the examples Meta reviews them with.
 */
export function WhatsappPreview({
  components,
  label,
}: {
  components: readonly TemplateComponent[];
  label: string;
}) {
  const header = components.find((c) => c.type === 'HEADER');
  const body = components.find((c) => c.type === 'BODY');
  const footer = components.find((c) => c.type === 'FOOTER');
  const buttons = components.find((c) => c.type === 'BUTTONS')?.buttons ?? [];
  const MediaIcon = header?.format && header.format !== 'TEXT' ? MEDIA_ICONS[header.format] : null;
  return (
    <figure className={classes.chat} aria-label={label}>
      <div className={classes.bubble}>
        {MediaIcon && (
          <div className={classes.media}>
            <MediaIcon size={36} stroke={1.4} aria-hidden />
          </div>
        )}
        {header?.text && (
          <div className={`${classes.header} ${classes.text}`}>
            <TemplateText text={header.text} examples={header.example?.header_text ?? []} />
          </div>
        )}
        {body?.text && (
          <div className={classes.text}>
            <TemplateText text={body.text} examples={body.example?.body_text?.[0] ?? []} />
          </div>
        )}
        {footer?.text && <div className={`${classes.footer} ${classes.text}`}>{footer.text}</div>}
        <span className={classes.time} aria-hidden>
          12:00
        </span>
        <div className={classes.clear} />
      </div>
      {buttons.length > 0 && (
        <div className={classes.buttons}>
          {buttons.map((button, i) => {
            const Icon = BUTTON_ICONS[button.type];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: a template's buttons keep their order
              <div key={`${button.type}-${i}`} className={classes.button}>
                <Icon size={16} aria-hidden />
                <span>{button.text}</span>
              </div>
            );
          })}
        </div>
      )}
    </figure>
  );
}
