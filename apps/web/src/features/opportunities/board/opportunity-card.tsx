import { Avatar, Badge, Checkbox, Tooltip } from '@mantine/core';
import {
  IconClock,
  IconMessageCircle,
  IconPackage,
  IconStar,
  IconStarFilled,
  IconUser,
} from '@tabler/icons-react';
import { POINTS_PER_STAR, qualificationLabel, STAR_COUNT } from '@vendaval/core/constants';
import { formatBRL } from '@vendaval/core/format';
import type { Tag } from '@vendaval/core/schemas/catalog';
import type { OpportunityListItem } from '@vendaval/core/schemas/opportunities';
import type { Terms } from '@vendaval/core/terms';
import type { CSSProperties, HTMLAttributes, Ref } from 'react';
import {
  OpportunityTypeIcon,
  type TypeIcon,
} from '../../../ui/opportunity-type-icon/opportunity-type-icon.tsx';
import { cssColor, textOn } from '../../../ui/stage-colors.ts';
import classes from './board.module.css';
import { responseTimeLine } from './response-time.ts';
import { termLabel } from './terms-labels.ts';

/** Ids of a card's name and details, which name and describe its drag handle. */
export const cardIds = (id: number) => ({ name: `card-${id}-name`, details: `card-${id}-details` });

export type CardContext = {
  tagsById: ReadonlyMap<number, Tag>;
  /** The card-type icons the platform shows (PLAT-147), by opportunity type id. */
  typeIcons: ReadonlyMap<number, TypeIcon>;
  terms: Terms;
  /** Epoch ms the 'sem interação' time counts to. */
  now: number;
};

type Props = CardContext & {
  card: OpportunityListItem;
  ref?: Ref<HTMLDivElement>;
  /** The card is the one being dragged (the original stays behind, faded). */
  dragging?: boolean;
  /** The copy under the pointer while dragging. */
  overlay?: boolean;
  style?: CSSProperties;
  /** While the board selects cards: whether this one is picked (undefined: no checkbox). */
  selected?: boolean | undefined;
  /** Picks or drops the card (`shift`: the run from the last pick); without it the checkbox is read-only. */
  onSelect?: ((shift: boolean) => void) | undefined;
} & Omit<HTMLAttributes<HTMLDivElement>, 'style' | 'onSelect'>;

export function Stars({ probability }: { probability: number }) {
  const filled = Math.round(probability / POINTS_PER_STAR);
  const label = qualificationLabel(probability) ?? 'Sem qualificação';
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <div className={classes.stars} role="img" aria-label={`Qualificação: ${label}`}>
        {Array.from({ length: STAR_COUNT }, (_, i) =>
          i < filled ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
            <IconStarFilled key={i} size={14} className={classes.starOn} aria-hidden />
          ) : (
            // biome-ignore lint/suspicious/noArrayIndexKey: the stars are positions, not items
            <IconStar key={i} size={14} className={classes.starOff} aria-hidden />
          ),
        )}
      </div>
    </Tooltip>
  );
}

function Responsible({ name }: { name: string | null }) {
  const label = name ?? 'Sem responsável';
  return (
    <Tooltip label={label} withArrow openDelay={300}>
      <Avatar
        size={26}
        radius="xl"
        name={name ?? undefined}
        color="initials"
        aria-label={`Responsável: ${label}`}
      >
        {name ? name.trim().charAt(0).toLocaleUpperCase('pt-BR') : '?'}
      </Avatar>
    </Tooltip>
  );
}

function Tags({ ids, tagsById }: { ids: number[]; tagsById: ReadonlyMap<number, Tag> }) {
  const tags = ids.map((id) => tagsById.get(id)).filter((t): t is Tag => !!t);
  if (tags.length === 0) return null;
  return (
    <div className={classes.tags}>
      {tags.map((tag) => (
        <Badge
          key={tag.id}
          size="xs"
          radius="sm"
          className={classes.tag}
          style={{ background: cssColor(tag.color), color: textOn(tag.color) }}
        >
          {tag.name}
        </Badge>
      ))}
    </div>
  );
}

/** A card of the board (opportunities.md §3): who, what, how much, how hot and how long without an answer. */
export function OpportunityCard({
  card,
  tagsById,
  typeIcons,
  terms,
  now,
  dragging,
  overlay,
  style,
  ref,
  selected,
  onSelect,
  ...rest
}: Props) {
  const response = responseTimeLine(card, now);
  const productLabel = termLabel(terms.product_term);
  // The copy under the pointer repeats the card; only the original carries the ids.
  const ids = overlay ? { name: undefined, details: undefined } : cardIds(card.id);
  return (
    <div
      ref={ref}
      className={classes.card}
      data-dragging={dragging || undefined}
      data-overlay={overlay || undefined}
      data-selected={selected || undefined}
      style={style}
      {...rest}
    >
      <div className={classes.cardBody} id={ids.details}>
        <div className={classes.cardTop}>
          <div className={classes.cardTitle}>
            {selected !== undefined && (
              <Checkbox
                size="sm"
                checked={selected}
                disabled={!onSelect}
                aria-label={`Selecionar ${card.name}`}
                // The card's own click and drag stay out of it; the click carries the shift key for a run.
                onPointerDown={(event) => event.stopPropagation()}
                onKeyDown={(event) => event.stopPropagation()}
                onClick={(event) => {
                  event.stopPropagation();
                  onSelect?.(event.shiftKey);
                }}
                onChange={() => undefined}
              />
            )}
            <p id={ids.name} className={classes.cardName}>
              {card.name}
            </p>
          </div>
          <div className={classes.cardMarks}>
            <OpportunityTypeIcon
              type={card.opportunity_type_id === null ? undefined : typeIcons.get(card.opportunity_type_id)}
            />
            {card.has_open_room && (
              <Tooltip label="Sala de chat aberta" withArrow>
                <IconMessageCircle
                  size={16}
                  className={classes.openRoom}
                  aria-label="Sala de chat aberta"
                  role="img"
                />
              </Tooltip>
            )}
            <p className={`${classes.small} ${classes.dimmed}`}>#{card.id}</p>
          </div>
        </div>
        {card.contact && (
          <div className={classes.cardLine}>
            <IconUser size={14} className={classes.cardIcon} aria-hidden />
            <p className={`${classes.small} ${classes.dimmed} ${classes.truncate}`}>
              <span className={classes.visuallyHidden}>Contato: </span>
              {card.contact.name}
            </p>
          </div>
        )}
        <div className={`${classes.cardLine} ${classes.spread}`}>
          <div className={classes.cardLine}>
            {card.product && (
              <>
                <IconPackage size={14} className={classes.cardIcon} aria-hidden />
                <p className={`${classes.small} ${classes.truncate}`} title={productLabel}>
                  <span className={classes.visuallyHidden}>{productLabel}: </span>
                  {card.product.name}
                </p>
              </>
            )}
          </div>
          <p className={classes.price} title={terms.price_term}>
            <span className={classes.visuallyHidden}>{terms.price_term}: </span>
            {formatBRL(card.price)}
          </p>
        </div>
        <Tags ids={card.tags} tagsById={tagsById} />
        <div className={classes.cardFoot}>
          <Stars probability={card.probability} />
          <Responsible name={card.user?.name ?? null} />
        </div>
        <div className={classes.cardResponse}>
          <IconClock size={13} className={classes.cardIcon} aria-hidden />
          <p className={`${classes.small} ${classes.response}`} data-tone={response.tone}>
            {response.text}
          </p>
        </div>
      </div>
    </div>
  );
}
