import { z } from 'zod';
import {
  FIRST_PLANNING_YEAR,
  PDCA_INDICATORS,
  PDCA_STATES,
  PLANNING_DATE_TYPES,
  PLANNING_PHASES,
  PLANNING_TYPES,
  planningPhaseSchema,
} from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { idSchema, paginationQuerySchema, queryBoolSchema, queryListSchema, rowIdSchema } from './common.ts';
import { queryInstant } from './dashboards.ts';

/** A unit's monthly goals: each on-site and remote. Enrolments, sales and courseware count; income is in reais. */
export const PLANNING_GOAL_FIELDS = [
  'enrollments',
  'remote_enrollments',
  'sales',
  'remote_sales',
  'courseware',
  'remote_courseware',
  'income',
  'remote_income',
] as const;
export type PlanningGoalField = (typeof PLANNING_GOAL_FIELDS)[number];

export const PLANNING_GOAL_LABELS: Readonly<Record<PlanningGoalField, string>> = {
  enrollments: 'Matrículas presenciais',
  remote_enrollments: 'Matrículas EAD',
  sales: 'Vendas presenciais',
  remote_sales: 'Vendas EAD',
  courseware: 'Material didático presencial',
  remote_courseware: 'Material didático EAD',
  income: 'Faturamento presencial',
  remote_income: 'Faturamento EAD',
};

export const PLANNING_AMOUNT_MAX = 100_000_000;
const monthSchema = z.number().int().min(1).max(12);
const countSchema = z.number().int().min(0).max(1_000_000);
const moneySchema = z
  .number()
  .min(0)
  .max(PLANNING_AMOUNT_MAX)
  .transform((v) => Math.round(v * 100) / 100);
const rateSchema = z.number().gt(0).max(100);
const text = (max: number) => z.string().trim().max(max);

/** One month's goals; a field left out is 0. */
export const planningGoalInputSchema = z.strictObject({
  month: monthSchema,
  enrollments: countSchema.default(0),
  remote_enrollments: countSchema.default(0),
  sales: countSchema.default(0),
  remote_sales: countSchema.default(0),
  courseware: countSchema.default(0),
  remote_courseware: countSchema.default(0),
  income: moneySchema.default(0),
  remote_income: moneySchema.default(0),
});
export type PlanningGoalInput = z.infer<typeof planningGoalInputSchema>;

export const planningGoalSchema = z.object({
  month: z.number().int(),
  enrollments: z.number(),
  remote_enrollments: z.number(),
  sales: z.number(),
  remote_sales: z.number(),
  courseware: z.number(),
  remote_courseware: z.number(),
  income: z.number(),
  remote_income: z.number(),
});
export type PlanningGoal = z.infer<typeof planningGoalSchema>;

const goalsSchema = z
  .array(planningGoalInputSchema)
  .max(12)
  .refine(
    (goals) => new Set(goals.map((g) => g.month)).size === goals.length,
    MESSAGES.planningMonthRepeated,
  );

/** Step 1 (PrePlanning): the year, the month range and, optionally, the first goals. */
export const planningCreateSchema = z
  .strictObject({
    year: z.number().int().min(FIRST_PLANNING_YEAR).max(9999),
    start_month: monthSchema.default(1),
    end_month: monthSchema.default(12),
    goals: goalsSchema.optional(),
  })
  .refine((p) => p.start_month <= p.end_month, { message: MESSAGES.planningMonthRange, path: ['end_month'] });
export type PlanningCreate = z.infer<typeof planningCreateSchema>;
export type PlanningCreateInput = z.input<typeof planningCreateSchema>;

/**
 * A partial update of steps 1 and 2: what is sent changes, the rest stays. Goals are replaced month by month; a
 * rate set to null goes back to the workspace's real conversion rate.
 */
export const planningUpdateSchema = z
  .strictObject({
    start_month: monthSchema.optional(),
    end_month: monthSchema.optional(),
    goals: goalsSchema.optional(),
    lead_to_visit_rate: rateSchema.nullable().optional(),
    visit_to_enrollment_rate: rateSchema.nullable().optional(),
  })
  .refine((p) => p.start_month === undefined || p.end_month === undefined || p.start_month <= p.end_month, {
    message: MESSAGES.planningMonthRange,
    path: ['end_month'],
  });
export type PlanningUpdate = z.infer<typeof planningUpdateSchema>;
export type PlanningUpdateInput = z.input<typeof planningUpdateSchema>;

/** A phase change: the next phase, or (a manager above the unit) an earlier one with a comment. */
export const planningPhaseChangeSchema = z.strictObject({
  phase: planningPhaseSchema,
  comment: text(2000).optional(),
});
export type PlanningPhaseChange = z.infer<typeof planningPhaseChangeSchema>;

const queryYear = z.coerce.number().int().min(FIRST_PLANNING_YEAR).max(9999).optional();

/**
 * The planning list filter (platform.md §3): a period on the plan's creation or last change, the plan years from
 * start_at to end_at, who wrote it, whether it is still open to the unit (status true 'Disponível') or already
 * submitted (false 'Indisponível'), and its type (the regular plan or the graduation 5W2H).
 */
export const planningListQuerySchema = paginationQuerySchema.extend({
  year: queryYear,
  phase: z.enum(PLANNING_PHASES).optional(),
  start_timestamp: queryInstant,
  end_timestamp: queryInstant,
  dateType: z
    .enum(PLANNING_DATE_TYPES.map((d) => d.value) as ['created_at', 'updated_at'])
    .default('created_at'),
  start_at: queryYear,
  end_at: queryYear,
  user_id: queryListSchema(idSchema),
  status: queryBoolSchema,
  type: z.enum(PLANNING_TYPES).default('regular'),
});
export type PlanningListQuery = z.infer<typeof planningListQuerySchema>;

/** Leads → visits → enrolments behind each month's enrolment goal. */
export const planningFunnelSchema = z.object({
  /** Percent of leads that visit, and of visits that enrol; null when neither the plan nor the cards give one. */
  lead_to_visit_rate: z.number().nullable(),
  visit_to_enrollment_rate: z.number().nullable(),
  /** Where the rates come from: set in the plan, or the workspace's own cards. */
  rates_source: z.enum(['plan', 'workspace']).nullable(),
  months: z.array(
    z.object({
      month: z.number().int(),
      enrollments: z.number().int(),
      visits: z.number().int().nullable(),
      leads: z.number().int().nullable(),
    }),
  ),
});
export type PlanningFunnel = z.infer<typeof planningFunnelSchema>;

/**
 * What the unit really did in a month of the plan's year, from its won cards. null where the cards cannot tell:
 * they hold no on-site/remote marker and no courseware, so those actuals are unknown rather than zero.
 */
/** What the won cards of a month did, split as the goals are (on site and remote by the product's modality). */
export const planningActualSchema = z.object({
  month: z.number().int(),
  enrollments: z.number().int(),
  remote_enrollments: z.number().int(),
  sales: z.number().int(),
  remote_sales: z.number().int(),
  courseware: z.number().int(),
  remote_courseware: z.number().int(),
  income: z.number(),
  remote_income: z.number(),
});
export type PlanningActual = z.infer<typeof planningActualSchema>;

export const planningPhaseEntrySchema = z.object({
  from_phase: planningPhaseSchema,
  to_phase: planningPhaseSchema,
  comment: z.string().nullable(),
  user_id: z.number().int().nullable(),
  at: z.string(),
});
export type PlanningPhaseEntry = z.infer<typeof planningPhaseEntrySchema>;

/** The media plan: one media (and campaign) with its budget and expected leads per month. */
const mediaMonthInputSchema = z.strictObject({
  month: monthSchema,
  budget: moneySchema.default(0),
  expected_leads: countSchema.default(0),
});
const mediaMonthsSchema = z
  .array(mediaMonthInputSchema)
  .max(12)
  .refine(
    (months) => new Set(months.map((m) => m.month)).size === months.length,
    MESSAGES.planningMonthRepeated,
  );

export const planningMediaCreateSchema = z.strictObject({
  media_id: rowIdSchema,
  campaign_id: rowIdSchema.nullable().default(null),
  months: mediaMonthsSchema.default([]),
});
export type PlanningMediaCreate = z.infer<typeof planningMediaCreateSchema>;
export type PlanningMediaCreateInput = z.input<typeof planningMediaCreateSchema>;

export const planningMediaUpdateSchema = z.strictObject({
  media_id: rowIdSchema.optional(),
  campaign_id: rowIdSchema.nullable().optional(),
  months: mediaMonthsSchema.optional(),
});
export type PlanningMediaUpdate = z.infer<typeof planningMediaUpdateSchema>;

export const planningMediaSchema = z.object({
  id: z.number().int(),
  planning_id: z.number().int(),
  media_id: z.number().int(),
  campaign_id: z.number().int().nullable(),
  months: z.array(
    z.object({ month: z.number().int(), budget: z.number(), expected_leads: z.number().int() }),
  ),
  total_budget: z.number(),
  total_expected_leads: z.number().int(),
});
export type PlanningMedia = z.infer<typeof planningMediaSchema>;

const dateSchema = z
  .string()
  .refine((v) => /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v)), MESSAGES.invalidDate);

/** A 5W2H action: What, Why, Where, When, Who (a member), How, How much, and the media/campaign it serves. */
export const planningActionCreateSchema = z.strictObject({
  what: text(200).min(1, MESSAGES.planningActionWhatRequired),
  why: text(2000).default(''),
  where: text(200).default(''),
  when: dateSchema,
  who_user_id: rowIdSchema,
  how: text(2000).default(''),
  how_much: moneySchema.default(0),
  media_id: rowIdSchema.nullable().default(null),
  campaign_id: rowIdSchema.nullable().default(null),
  /** What the PDCA checks the action by, and the count it aims at. */
  indicator: z.enum(PDCA_INDICATORS).nullable().default(null),
  target: countSchema.nullable().default(null),
});
export type PlanningActionCreate = z.infer<typeof planningActionCreateSchema>;
export type PlanningActionCreateInput = z.input<typeof planningActionCreateSchema>;

export const planningActionUpdateSchema = z.strictObject({
  what: text(200).min(1, MESSAGES.planningActionWhatRequired).optional(),
  why: text(2000).optional(),
  where: text(200).optional(),
  when: dateSchema.optional(),
  who_user_id: rowIdSchema.optional(),
  how: text(2000).optional(),
  how_much: moneySchema.optional(),
  media_id: rowIdSchema.nullable().optional(),
  campaign_id: rowIdSchema.nullable().optional(),
  indicator: z.enum(PDCA_INDICATORS).nullable().optional(),
  target: countSchema.nullable().optional(),
});
export type PlanningActionUpdate = z.infer<typeof planningActionUpdateSchema>;

export const planningActionSchema = z.object({
  id: z.number().int(),
  planning_id: z.number().int(),
  what: z.string(),
  why: z.string(),
  where: z.string(),
  when: z.string(),
  who_user_id: z.number().int().nullable(),
  how: z.string(),
  how_much: z.number(),
  media_id: z.number().int().nullable(),
  campaign_id: z.number().int().nullable(),
  indicator: z.enum(PDCA_INDICATORS).nullable(),
  target: z.number().int().nullable(),
  pdca_state: z.enum(PDCA_STATES),
  corrective_action: z.string(),
});
export type PlanningAction = z.infer<typeof planningActionSchema>;

/** A step of an action's PDCA cycle; the corrective action is what the unit does when the check fails. */
export const pdcaUpdateSchema = z.strictObject({
  pdca_state: z.enum(PDCA_STATES).optional(),
  corrective_action: text(2000).optional(),
});
export type PdcaUpdate = z.infer<typeof pdcaUpdateSchema>;

/**
 * An action in the PDCA: its indicator counted from the cards of its campaign and media in the plan's year
 * (null without an indicator, or with neither campaign nor media to count by), and whether that reaches the
 * target ('met'), falls short ('failed'), or cannot tell yet (null).
 */
export const pdcaActionSchema = planningActionSchema.extend({
  actual: z.number().int().nullable(),
  check: z.enum(['met', 'failed']).nullable(),
});
export type PdcaAction = z.infer<typeof pdcaActionSchema>;

export const pdcaSchema = z.object({
  planning_id: z.number().int(),
  year: z.number().int(),
  data: z.array(pdcaActionSchema),
});
export type Pdca = z.infer<typeof pdcaSchema>;

export const planningSchema = z.object({
  id: z.number().int(),
  workspace_id: z.number().int(),
  year: z.number().int(),
  type: z.enum(PLANNING_TYPES),
  phase: planningPhaseSchema,
  /** 1 PrePlanning … 5 Submitted. */
  status: z.number().int(),
  start_month: z.number().int(),
  end_month: z.number().int(),
  goals: z.array(planningGoalSchema),
  /** One entry per month of the range: the actuals beside each goal (the consult steps show them). */
  actuals: z.array(planningActualSchema),
  funnel: planningFunnelSchema,
  medias: z.array(planningMediaSchema),
  /** Every phase change, oldest first; a send back keeps its comment here. */
  phase_history: z.array(planningPhaseEntrySchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Planning = z.infer<typeof planningSchema>;

/** A plan in the list: no goals, funnel or media plan. */
export const planningSummarySchema = planningSchema.pick({
  id: true,
  workspace_id: true,
  year: true,
  type: true,
  phase: true,
  status: true,
  start_month: true,
  end_month: true,
  created_at: true,
  updated_at: true,
});
export type PlanningSummary = z.infer<typeof planningSummarySchema>;

/** The phases as the register's steps name them. */
export const PLANNING_PHASE_LABELS: Readonly<Record<(typeof PLANNING_PHASES)[number], string>> = {
  PrePlanning: 'Metas',
  Planning: 'Funil',
  PlanningMedias: 'Plano de mídia',
  Planning5w2h: 'Plano de ação 5W2H',
  Submitted: 'Enviado',
};

/** The graduation intake's action plan: a year (and its months) whose 5W2H actions the PDCA follows too. */
export const graduationPlanningCreateSchema = z
  .strictObject({
    year: z.number().int().min(FIRST_PLANNING_YEAR).max(9999),
    start_month: monthSchema.default(1),
    end_month: monthSchema.default(12),
  })
  .refine((p) => p.start_month <= p.end_month, { message: MESSAGES.planningMonthRange, path: ['end_month'] });
export type GraduationPlanningCreate = z.infer<typeof graduationPlanningCreateSchema>;
export type GraduationPlanningCreateInput = z.input<typeof graduationPlanningCreateSchema>;

export const graduationPlanningUpdateSchema = z
  .strictObject({ start_month: monthSchema.optional(), end_month: monthSchema.optional() })
  .refine((p) => p.start_month === undefined || p.end_month === undefined || p.start_month <= p.end_month, {
    message: MESSAGES.planningMonthRange,
    path: ['end_month'],
  });
export type GraduationPlanningUpdate = z.infer<typeof graduationPlanningUpdateSchema>;

export const graduationListQuerySchema = paginationQuerySchema.extend({ year: queryYear });
export type GraduationListQuery = z.infer<typeof graduationListQuerySchema>;

// ---- planning dashboards (platform.md §7) -------------------------------------------------------------

/** One goal of the plan per dashboard, on-site and remote, plus 'opportunities' (the funnel's leads). */
export const PLANNING_DASHBOARD_METRICS = {
  opportunities: 'leads',
  enrollments: 'enrollments',
  'remote-enrollments': 'remote_enrollments',
  sales: 'sales',
  'remote-sales': 'remote_sales',
  courseware: 'courseware',
  'remote-courseware': 'remote_courseware',
  income: 'income',
  'remote-income': 'remote_income',
} as const satisfies Record<string, PlanningGoalField | 'leads'>;
export type PlanningDashboardMetric = keyof typeof PLANNING_DASHBOARD_METRICS;
export const PLANNING_DASHBOARD_METRIC_NAMES = Object.keys(
  PLANNING_DASHBOARD_METRICS,
) as PlanningDashboardMetric[];

/** Each dashboard as the screen names it: the goal's own label, the leads as 'Oportunidades'. */
export const PLANNING_DASHBOARD_LABELS: Readonly<Record<PlanningDashboardMetric, string>> = {
  opportunities: 'Oportunidades',
  enrollments: PLANNING_GOAL_LABELS.enrollments,
  'remote-enrollments': PLANNING_GOAL_LABELS.remote_enrollments,
  sales: PLANNING_GOAL_LABELS.sales,
  'remote-sales': PLANNING_GOAL_LABELS.remote_sales,
  courseware: PLANNING_GOAL_LABELS.courseware,
  'remote-courseware': PLANNING_GOAL_LABELS.remote_courseware,
  income: PLANNING_GOAL_LABELS.income,
  'remote-income': PLANNING_GOAL_LABELS.remote_income,
};

export const planningDashboardQuerySchema = z.strictObject({
  /** The plan's year; this year when left out. */
  year: queryYear,
});
export type PlanningDashboardQuery = z.infer<typeof planningDashboardQuerySchema>;

/** A goal against what the cards did, month by month; actual null where the cards cannot tell. */
export const planningDashboardSeriesSchema = z.object({
  year: z.number().int(),
  planning_id: z.number().int().nullable(),
  months: z.array(z.object({ month: z.number().int(), goal: z.number(), actual: z.number().nullable() })),
  total_goal: z.number(),
  total_actual: z.number().nullable(),
});
export type PlanningDashboardSeries = z.infer<typeof planningDashboardSeriesSchema>;

export const planningDashboardSummarySchema = z.object({
  year: z.number().int(),
  planning_id: z.number().int().nullable(),
  phase: planningPhaseSchema.nullable(),
  metrics: z.array(
    z.object({
      metric: z.enum(PLANNING_DASHBOARD_METRIC_NAMES as [PlanningDashboardMetric]),
      goal: z.number(),
      actual: z.number().nullable(),
    }),
  ),
});
export type PlanningDashboardSummary = z.infer<typeof planningDashboardSummarySchema>;

/** The units the user works in and whether each has submitted its plan of the year. */
export const planningSubmittedSchema = z.object({
  year: z.number().int(),
  data: z.array(
    z.object({
      workspace_id: z.number().int(),
      name: z.string(),
      planning_id: z.number().int().nullable(),
      phase: planningPhaseSchema.nullable(),
      submitted: z.boolean(),
    }),
  ),
});
export type PlanningSubmitted = z.infer<typeof planningSubmittedSchema>;
