import { z } from 'zod';
import { DASHBOARD_DATE_TYPES, DASHBOARD_PAGE_SIZES, DEFAULT_OPPORTUNITY_DATE_TYPE } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { idSchema, queryListSchema } from './common.ts';

// ---- the filter (platform.md §3 "Dashboard filter") ----------------------------------------------

/** 'YYYY-MM-DD' (the whole day, Brasília time) or an ISO instant, as the board reads it. */
export const queryInstant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate)
  .optional();

/**
 * The period and the people of every dashboard. Without a start or an end the role's default range applies
 * (platform.md §6). A salesRep's figures are always their own, whatever user_id says.
 */
export const dashboardFilterSchema = z.strictObject({
  start_timestamp: queryInstant,
  end_timestamp: queryInstant,
  /** Which date of the card the period applies to (only creation and last change, PLAT-127). */
  date_type: z.enum(DASHBOARD_DATE_TYPES).default(DEFAULT_OPPORTUNITY_DATE_TYPE as 'updated_at'),
  user_id: queryListSchema(idSchema),
});
export type DashboardFilter = z.infer<typeof dashboardFilterSchema>;

const paged = (size: number) =>
  dashboardFilterSchema.extend({
    limit: z.coerce.number().int().min(1).max(100).default(size),
    offset: z.coerce.number().int().min(0).default(0),
  });

export const salesRepQuerySchema = paged(DASHBOARD_PAGE_SIZES.salesReps);
export const productQuerySchema = paged(DASHBOARD_PAGE_SIZES.productStats);
export const digitalEmployeeOpportunitiesQuerySchema = paged(
  DASHBOARD_PAGE_SIZES.digitalEmployeeOpportunities,
);
export type DashboardPageQuery = z.infer<typeof salesRepQuerySchema>;

// ---- answers ---------------------------------------------------------------------------------------

const int = z.number().int();
const pagination = z.object({ total_count: int, limit: int, offset: int });

/** The period the figures were counted over, as instants (the role's default range when none was asked). */
const periodSchema = z.object({
  start_timestamp: z.string().nullable(),
  end_timestamp: z.string().nullable(),
  date_type: z.enum(DASHBOARD_DATE_TYPES),
});

/** Cards of one group, split by the type of the stage they are in (Won, Lost, every other type open). */
export const cardFiguresSchema = z.object({
  count: int,
  open: int,
  won: int,
  lost: int,
  /** BRL sum of the price of every card of the group, and of its won cards. */
  total_price: z.number(),
  won_price: z.number(),
});
export type CardFigures = z.infer<typeof cardFiguresSchema>;

/**
 * One bar or slice. `key` is what the board filters by for the same cards: an id, a source type, a
 * probability or a state; null is the group of cards without one ('Sem campanha').
 */
export const breakdownItemSchema = cardFiguresSchema.extend({
  key: z.union([int, z.string()]).nullable(),
  name: z.string(),
});
export type BreakdownItem = z.infer<typeof breakdownItemSchema>;

export const breakdownSchema = z.object({
  period: periodSchema,
  data: z.array(breakdownItemSchema),
  total: cardFiguresSchema,
});
export type Breakdown = z.infer<typeof breakdownSchema>;

export const pagedBreakdownSchema = breakdownSchema.extend({ pagination });
export type PagedBreakdown = z.infer<typeof pagedBreakdownSchema>;

/** 'Resumo do Funil': every stage of the pipeline in board order, empty ones included. */
export const salesStageDashboardSchema = z.object({
  period: periodSchema,
  data: z.array(
    z.object({
      sales_stage_id: int,
      name: z.string(),
      color: z.string(),
      type: z.string(),
      count: int,
      total_price: z.number(),
    }),
  ),
  total: cardFiguresSchema,
});
export type SalesStageDashboard = z.infer<typeof salesStageDashboardSchema>;

/** Response time of the cards: the classes of decisions.md §4 and those nobody answered yet. */
export const responseTimeSchema = z.object({
  answered: int,
  unanswered: int,
  average_s: z.number().nullable(),
  acceptable: int,
  attention: int,
  exceeded: int,
});

/** A rep's place in the ranking. Another rep's figures are null for a salesRep, who sees only positions. */
export const rankingRowSchema = z.object({
  position: int,
  user_id: int,
  name: z.string(),
  count: int.nullable(),
  won: int.nullable(),
  lost: int.nullable(),
  won_price: z.number().nullable(),
  /** Won cards over all cards of the rep in the period, 0..1. */
  conversion: z.number().nullable(),
  average_response_s: z.number().nullable(),
});
export type RankingRow = z.infer<typeof rankingRowSchema>;

export const salesRepDashboardSchema = z.object({
  period: periodSchema,
  data: z.array(rankingRowSchema),
  pagination,
});
export type SalesRepDashboard = z.infer<typeof salesRepDashboardSchema>;

/** 'Agendamentos': tasks scheduled in the period by task type. */
export const taskScheduledDashboardSchema = z.object({
  period: periodSchema,
  data: z.array(
    z.object({
      task_type_id: int.nullable(),
      name: z.string(),
      count: int,
      completed: int,
      /** Not completed and past their time. */
      overdue: int,
    }),
  ),
  total: z.object({ count: int, completed: int, overdue: int }),
});
export type TaskScheduledDashboard = z.infer<typeof taskScheduledDashboardSchema>;

/** 'Funil de atendimento': the cards of the period, those answered, those answered in time, those won. */
export const serviceTrailsSchema = z.object({
  period: periodSchema,
  data: z.array(
    z.object({
      step: z.enum(['received', 'answered', 'answered_in_time', 'won']),
      name: z.string(),
      count: int,
    }),
  ),
});
export type ServiceTrails = z.infer<typeof serviceTrailsSchema>;

export const digitalEmployeeStatsSchema = z.object({
  period: periodSchema,
  data: z.array(
    z.object({
      bot_id: int,
      name: z.string(),
      /** Rooms opened in the period, those still open, the cards they belong to, the bot's messages. */
      rooms: int,
      open_rooms: int,
      opportunities: int,
      bot_messages: int,
    }),
  ),
});
export type DigitalEmployeeStats = z.infer<typeof digitalEmployeeStatsSchema>;

export const digitalEmployeeOpportunitiesSchema = z.object({
  period: periodSchema,
  data: z.array(
    z.object({
      dialog_id: int,
      opportunity_id: int,
      name: z.string(),
      bot: z.object({ id: int, name: z.string() }),
      sales_stage_id: int,
      state_type: z.string(),
      user: z.object({ id: int, name: z.string() }).nullable(),
      opened_at: z.string(),
      closed_at: z.string().nullable(),
    }),
  ),
  pagination,
});
export type DigitalEmployeeOpportunities = z.infer<typeof digitalEmployeeOpportunitiesSchema>;

// ---- the summaries of the 'Atendimento' tab --------------------------------------------------------

export const overallSummarySchema = z.object({
  period: periodSchema,
  cards: cardFiguresSchema,
  /** Won over all cards of the period, 0..1; null without cards. */
  conversion: z.number().nullable(),
  response_time: responseTimeSchema,
});
export type OverallSummary = z.infer<typeof overallSummarySchema>;

export const omnichannelSummarySchema = z.object({
  period: periodSchema,
  /** Rooms opened in the period, of those the ones still open, and the messages of the period by sender. */
  rooms: int,
  open_rooms: int,
  closed_rooms: int,
  messages_received: int,
  messages_sent: int,
  bot_messages: int,
});
export type OmnichannelSummary = z.infer<typeof omnichannelSummarySchema>;

export const imbotSummarySchema = z.object({
  period: periodSchema,
  /** Rooms opened in the period that stayed with the bot, the bot's messages, cards the bot created. */
  rooms_on_bot: int,
  bot_messages: int,
  opportunities_from_bot: int,
});
export type ImbotSummary = z.infer<typeof imbotSummarySchema>;

/** Phone figures; answered means a call longer than 15 s (decisions.md §4). */
export const voipSummarySchema = z.object({
  period: periodSchema,
  calls: int,
  answered: int,
  not_answered: int,
  average_duration_s: z.number().nullable(),
  duration_classes: z.object({
    DurationLessThanAMinute: int,
    DurationOneToThreeMinutes: int,
    DurationMoreThanThreeMinutes: int,
  }),
});
export type VoipSummary = z.infer<typeof voipSummarySchema>;

/** TPO, the time to the first answer of the cards of the period. */
export const tpoSummarySchema = responseTimeSchema.extend({ period: periodSchema });
export type TpoSummary = z.infer<typeof tpoSummarySchema>;

/** GET /dashboards/{id}: one member's own figures (a salesRep may read only their own). */
export const userDashboardSchema = overallSummarySchema.extend({
  user: z.object({ id: int, name: z.string() }),
});
export type UserDashboard = z.infer<typeof userDashboardSchema>;

/** The commercial view: every workspace of the platform the user works in, each under their role there. */
export const commercialWorkspacesSchema = z.object({
  period: periodSchema,
  data: z.array(cardFiguresSchema.extend({ workspace_id: int, name: z.string() })),
});
export type CommercialWorkspaces = z.infer<typeof commercialWorkspacesSchema>;
