import { describe, expect, it } from 'vitest';
import {
  ADMIN_PAGE_SIZE,
  ANSWERING_FILTER_LABELS,
  ANSWERING_FILTERS,
  API_TIMEOUT_MS,
  AUTOMATIC_SOURCE_TYPES,
  BRAZILIAN_STATES,
  CALL_DURATION_CLASSES,
  CALL_FILTER_OPTIONS,
  CHAT_PAGE_SIZE,
  CHAT_POLL_INTERVAL_MS,
  CLEARED_TASK_SORT,
  CONTRACT_PAYMENT_STATUS_LABELS,
  CREATABLE_SOURCE_TYPES,
  CREATION_STAGE_TYPES,
  CURRENCY,
  callDurationClass,
  clampPrice,
  DASHBOARD_DATE_TYPES,
  DEFAULT_OPPORTUNITY_DATE_TYPE,
  DEFAULT_PROBABILITY,
  DEFAULT_SOURCE_TYPE,
  DEFAULT_TASK_SORT,
  DEFAULT_TRANSFER_DISTRIBUTION,
  DEVICE_TYPES,
  deviceTypeSchema,
  isAnsweredCall,
  isAutomaticSource,
  isClosedStageType,
  isManualSource,
  isOriginLocked,
  isTaskLogType,
  isTaskSortActive,
  LIST_LIMIT,
  LOCALE,
  LOCKED_ORIGIN_SOURCE_TYPES,
  LOG_TYPE_TITLES,
  LOG_TYPES,
  logTitle,
  logTypeSchema,
  MAX_FILES_PER_SEND,
  MAX_TAGS,
  MEDIA_MAX_BYTES,
  MEDIA_TYPES,
  MONTHS,
  mediaKindOf,
  OPERATIONAL_STATUS_LABELS,
  OPERATIONAL_STATUSES,
  OPPORTUNITY_DATE_TYPE_LABELS,
  OPPORTUNITY_DATE_TYPES,
  OPPORTUNITY_DESCRIPTION_MAX,
  OPPORTUNITY_STATES,
  opportunityStateSchema,
  opportunityTypeIcon,
  PLANNING_PHASES,
  PRICE_MAX,
  planningStatusNumber,
  planningYears,
  probabilityToStars,
  QUALIFICATION_VALUES,
  QUALIFICATIONS,
  qualificationLabel,
  qualificationSchema,
  REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS,
  RESPONSE_TIME_ATTENTION_S,
  RESPONSE_TIME_EXCEEDED_S,
  SOURCE_TYPE_LABELS,
  SOURCE_TYPES,
  STAGE_COLOR_CONTRAST_THRESHOLD,
  STAGE_TYPES,
  STATE_CODES,
  shouldSearchUsers,
  sourceTypeSchema,
  stageTypeSchema,
  stateCodeSchema,
  TASK_DESCRIPTION_MAX,
  TASK_SORT_FIELDS,
  TASK_STATUS_LABELS,
  TASK_STATUSES,
  TEMPLATE_VARIABLES,
  TOAST_MS,
  taskStatusSchema,
} from './constants.ts';

describe('stages and opportunity states', () => {
  it('PLAT-080 stage types are the nine of the spec', () => {
    expect([...STAGE_TYPES]).toEqual([
      'Default',
      'Won',
      'Lost',
      'First',
      'InProgress',
      'Scheduled',
      'Negotiation',
      'Omitted',
      'PreSale',
    ]);
    expect(stageTypeSchema.safeParse('Closed').success).toBe(false);
  });

  it('OPP-007 creation stages are of types First and PreSale', () => {
    expect([...CREATION_STAGE_TYPES]).toEqual(['First', 'PreSale']);
  });

  it('OPP-094 stages of type Won or Lost close the opportunity', () => {
    expect(isClosedStageType('Won')).toBe(true);
    expect(isClosedStageType('Lost')).toBe(true);
    expect(isClosedStageType('Negotiation')).toBe(false);
  });

  it('OPP-238 opportunity state_type is Open, Won or Lost', () => {
    expect([...OPPORTUNITY_STATES]).toEqual(['Open', 'Won', 'Lost']);
    expect(opportunityStateSchema.safeParse('Closed').success).toBe(false);
  });
});

describe('qualification', () => {
  it('OPP-083 values are labelled 20 to 100 as in the spec', () => {
    expect(QUALIFICATIONS.map((q) => [q.value, q.label])).toEqual([
      [20, 'Não tem interesse'],
      [40, 'Frio'],
      [60, 'Morno'],
      [80, 'Quente'],
      [100, 'Quero contratar'],
    ]);
    expect(qualificationLabel(60)).toBe('Morno');
    expect(qualificationLabel(50)).toBeUndefined();
  });

  it('OPP-082 five stars of 20 points each; OPP-006 default 40', () => {
    expect([...QUALIFICATION_VALUES]).toEqual([20, 40, 60, 80, 100]);
    expect(probabilityToStars(100)).toBe(5);
    expect(probabilityToStars(40)).toBe(2);
    expect(probabilityToStars(0)).toBe(0);
    expect(DEFAULT_PROBABILITY).toBe(40);
    expect(qualificationSchema.safeParse(80).success).toBe(true);
    expect(qualificationSchema.safeParse(50).success).toBe(false);
  });
});

describe('opportunity limits', () => {
  it('OPP-071 OPP-072 price is clamped into 0 .. 9,999,999.99', () => {
    expect(clampPrice(-5)).toBe(0);
    expect(clampPrice(10_000_000)).toBe(9_999_999.99);
    expect(clampPrice(1234.5)).toBe(1234.5);
    expect(PRICE_MAX).toBe(9_999_999.99);
  });

  it('OPP-073 OPP-075 OPP-164 description 10,000, task description 1000, tags 5', () => {
    expect(OPPORTUNITY_DESCRIPTION_MAX).toBe(10_000);
    expect(TASK_DESCRIPTION_MAX).toBe(1000);
    expect(MAX_TAGS).toBe(5);
  });

  it("OPP-116 the default transfer distribution is 'WorkspaceConfiguration'", () => {
    expect(DEFAULT_TRANSFER_DISTRIBUTION).toBe('WorkspaceConfiguration');
  });

  it('OPP-152 OPP-153 OPP-154 contract payment statuses carry their enrolment labels', () => {
    expect(CONTRACT_PAYMENT_STATUS_LABELS).toEqual({
      Pending: 'Matrícula Pendente',
      Succeeded: 'Matrícula Efetivada',
      Canceled: 'Matrícula Cancelada',
    });
  });
});

describe('origin', () => {
  it('PLAT-285 source types are the seventeen of the spec', () => {
    expect([...SOURCE_TYPES]).toEqual([
      'Ligacao',
      'Bella',
      'WhatsappEscola',
      'FormularioSite',
      'FormularioRedesSociais',
      'VisitaEscola',
      'Messenger',
      'Inbox',
      'Email',
      'Direct',
      'Comentario',
      'Importacao',
      'Offline',
      'URA',
      'Imbot',
      'DisparoDeMensagem',
      'FormularioExterno',
    ]);
    expect(Object.keys(SOURCE_TYPE_LABELS).sort()).toEqual([...SOURCE_TYPES].sort());
    expect(sourceTypeSchema.safeParse('WhatsApp').success).toBe(false);
  });

  it('OPP-026 OPP-077 URA, Bella, FormularioSite and Importacao are automatic and not offered on create', () => {
    expect([...AUTOMATIC_SOURCE_TYPES].sort()).toEqual(['Bella', 'FormularioSite', 'Importacao', 'URA']);
    expect(CREATABLE_SOURCE_TYPES).toHaveLength(13);
    for (const source of AUTOMATIC_SOURCE_TYPES) expect(CREATABLE_SOURCE_TYPES).not.toContain(source);
    expect(CREATABLE_SOURCE_TYPES).toContain('Offline');
  });

  it('OPP-067 source and media are required only for a manual origin', () => {
    expect(isManualSource('Offline')).toBe(true);
    expect(isManualSource('WhatsappEscola')).toBe(true);
    expect(isManualSource('Importacao')).toBe(false);
    expect(isAutomaticSource('URA')).toBe(true);
    expect(isManualSource(null)).toBe(true);
  });

  it('OPP-076 origin and media are locked for URA, Bella and FormularioSite only', () => {
    expect([...LOCKED_ORIGIN_SOURCE_TYPES]).toEqual(['URA', 'Bella', 'FormularioSite']);
    expect(isOriginLocked('Bella')).toBe(true);
    expect(isOriginLocked('Importacao')).toBe(false);
  });

  it("PLAT-018 the default source_type preset is 'Offline'", () => {
    expect(DEFAULT_SOURCE_TYPE).toBe('Offline');
  });

  it('PLAT-284 media types are Offline, Google, SocialMedia', () => {
    expect([...MEDIA_TYPES]).toEqual(['Offline', 'Google', 'SocialMedia']);
  });
});

describe('states', () => {
  it('PLAT-286 all 27 Brazilian states with unique two-letter codes', () => {
    expect(BRAZILIAN_STATES).toHaveLength(27);
    expect(new Set(STATE_CODES).size).toBe(27);
    expect(STATE_CODES.every((code) => /^[A-Z]{2}$/.test(code))).toBe(true);
    expect(BRAZILIAN_STATES.find((s) => s.code === 'SP')?.name).toBe('São Paulo');
    expect(BRAZILIAN_STATES.find((s) => s.code === 'DF')?.name).toBe('Distrito Federal');
    expect(stateCodeSchema.safeParse('RJ').success).toBe(true);
    expect(stateCodeSchema.safeParse('XX').success).toBe(false);
  });
});

describe('users', () => {
  it('PLAT-287 operational statuses are the nine of the spec, each labelled', () => {
    expect([...OPERATIONAL_STATUSES]).toEqual([
      'Working',
      'Vacation',
      'CompanyLeave',
      'SickLeave',
      'License',
      'Training',
      'IMEvent',
      'ExternalEvent',
      'Other',
    ]);
    expect(Object.keys(OPERATIONAL_STATUS_LABELS)).toEqual([...OPERATIONAL_STATUSES]);
    expect(OPERATIONAL_STATUS_LABELS.Vacation).toBe('Férias');
  });

  it('PLAT-089 device types are Android, Ios, Desktop', () => {
    expect([...DEVICE_TYPES]).toEqual(['Android', 'Ios', 'Desktop']);
    expect(deviceTypeSchema.safeParse('iOS').success).toBe(false);
  });

  it('CHAT-082 a user search of 1 or 2 characters does not run; 0 lists all', () => {
    expect(shouldSearchUsers('')).toBe(true);
    expect(shouldSearchUsers('a')).toBe(false);
    expect(shouldSearchUsers('ab')).toBe(false);
    expect(shouldSearchUsers('abc')).toBe(true);
  });
});

describe('log types', () => {
  it('OPP-222 log types are the full list of the opportunity document', () => {
    expect([...LOG_TYPES].sort()).toEqual(
      [
        'OpportunityClosedWon',
        'OpportunityClosedLost',
        'OpportunitySalesStageUpdated',
        'OpportunityPriceUpdated',
        'OpportunityPriceCreated',
        'OpportunityProbabilityUpdated',
        'OpportunityDescriptionUpdated',
        'OpportunityProductCreated',
        'OpportunityProductUpdated',
        'OpportunityCreated',
        'OpportunityUserUpdated',
        'OpportunityReopened',
        'OpportunityRecreated',
        'OpportunityTma',
        'TaskRegistry',
        'TaskRegistryDeleted',
        'TaskCreated',
        'TaskClosed',
        'TaskReopened',
        'TaskDeleted',
        'TaskRescheduled',
        'OpportunityTransferred',
        'ContractCreated',
        'ContractDeleted',
        'ContractPaymentStatusUpdated',
        'ContractStatusUpdated',
        'ContractUpdated',
        'OpportunityRoomStatusClosed',
        'OpportunityRoomStatusReopened',
        'OpportunityCallSuccess',
        'OpportunityCallAttempt',
        'BatchMessageReply',
        'OpportunityCreatedFromImport',
      ].sort(),
    );
    expect(logTypeSchema.safeParse('OpportunityDeleted').success).toBe(false);
    expect(Object.keys(LOG_TYPE_TITLES).sort()).toEqual([...LOG_TYPES].sort());
  });

  it('OPP-223 opportunity log titles are quoted exactly', () => {
    expect(LOG_TYPE_TITLES.OpportunityClosedWon).toBe('Oportunidade Ganha');
    expect(LOG_TYPE_TITLES.OpportunityProbabilityUpdated).toBe('Qualificação Alterada');
    expect(LOG_TYPE_TITLES.OpportunityUserUpdated).toBe('Transferência de Responsável');
    expect(LOG_TYPE_TITLES.OpportunityCreatedFromImport).toBe('Oportunidade Importada');
  });

  it('OPP-224 task and message log titles are quoted exactly', () => {
    expect(logTitle('TaskCreated')).toBe('Tarefa agendada');
    expect(logTitle('BatchMessageReply')).toBe('Disparo em Massa Efetuado');
  });

  it("OPP-225 room entries read 'Sala #n - Fechada' and 'Reaberta'", () => {
    expect(logTitle('OpportunityRoomStatusClosed', 12)).toBe('Sala #12 - Fechada');
    expect(logTitle('OpportunityRoomStatusReopened', 12)).toBe('Sala #12 - Reaberta');
    expect(logTitle('OpportunityRoomStatusReopened')).toBe('Reaberta');
    expect(logTitle('TaskClosed', 12)).toBe(LOG_TYPE_TITLES.TaskClosed);
  });

  it('OPP-218 task entries are recognised for opening the task form', () => {
    expect(isTaskLogType('TaskRescheduled')).toBe(true);
    expect(isTaskLogType('TaskRegistry')).toBe(true);
    expect(isTaskLogType('OpportunityCreated')).toBe(false);
  });
});

describe('tasks', () => {
  it("OPP-187 task statuses NotStarted 'Aberto', InProgress 'Em progresso', Completed 'Completo'", () => {
    expect([...TASK_STATUSES]).toEqual(['NotStarted', 'InProgress', 'Completed']);
    expect(TASK_STATUS_LABELS).toEqual({
      NotStarted: 'Aberto',
      InProgress: 'Em progresso',
      Completed: 'Completo',
    });
    expect(taskStatusSchema.safeParse('Done').success).toBe(false);
  });

  it('PLAT-124 task ordering options are start_timestamp, created_at, updated_at', () => {
    expect([...TASK_SORT_FIELDS]).toEqual(['start_timestamp', 'created_at', 'updated_at']);
    expect(DEFAULT_TASK_SORT).toBe('start_timestamp');
  });

  it('PLAT-125 the cleared task sort is -start_timestamp', () => {
    expect(CLEARED_TASK_SORT).toBe('-start_timestamp');
  });

  it('PLAT-123 the sort is an active filter only when its field is not start_timestamp', () => {
    expect(isTaskSortActive('start_timestamp')).toBe(false);
    expect(isTaskSortActive('-start_timestamp')).toBe(false);
    expect(isTaskSortActive('created_at')).toBe(true);
    expect(isTaskSortActive('-updated_at')).toBe(true);
  });
});

describe('filters', () => {
  it('PLAT-126 opportunity date types created_at, updated_at, closed_at, voip with their labels', () => {
    expect([...OPPORTUNITY_DATE_TYPES]).toEqual(['created_at', 'updated_at', 'closed_at', 'voip']);
    expect(OPPORTUNITY_DATE_TYPE_LABELS.closed_at).toBe('Conclusão');
    expect(OPPORTUNITY_DATE_TYPE_LABELS.voip).toBe('Voip');
  });

  it('PLAT-127 the dashboard offers only created_at and updated_at; PLAT-101 default updated_at', () => {
    expect([...DASHBOARD_DATE_TYPES]).toEqual(['created_at', 'updated_at']);
    expect(DEFAULT_OPPORTUNITY_DATE_TYPE).toBe('updated_at');
  });

  it('PLAT-128 call filter options: no call made, call made', () => {
    expect(CALL_FILTER_OPTIONS.map((o) => o.value)).toEqual([false, true]);
  });

  it('PLAT-129 answering filter options: all answered, not answered', () => {
    expect(ANSWERING_FILTERS.map((value) => ANSWERING_FILTER_LABELS[value])).toEqual([
      'Todas atendidas',
      'Não atendidas',
    ]);
  });

  it('PLAT-130 call duration classes', () => {
    expect([...CALL_DURATION_CLASSES]).toEqual([
      'DurationLessThanAMinute',
      'DurationOneToThreeMinutes',
      'DurationMoreThanThreeMinutes',
    ]);
    expect(callDurationClass(59)).toBe('DurationLessThanAMinute');
    expect(callDurationClass(60)).toBe('DurationOneToThreeMinutes');
    expect(callDurationClass(180)).toBe('DurationOneToThreeMinutes');
    expect(callDurationClass(181)).toBe('DurationMoreThanThreeMinutes');
  });

  it('PLAT-129 PLAT-158 a call is answered only above 15 s', () => {
    expect(isAnsweredCall(15)).toBe(false);
    expect(isAnsweredCall(15.5)).toBe(true);
    expect(isAnsweredCall(16)).toBe(true);
  });
});

describe('planning', () => {
  it('planning years run from next year down to 2023', () => {
    expect(planningYears(new Date(2025, 6, 1))).toEqual([2026, 2025, 2024, 2023]);
    expect(planningYears(new Date(2022, 0, 1))).toEqual([2023]);
    expect(planningYears()[0]).toBe(new Date().getFullYear() + 1);
  });

  it("PLAT-279 months run 'Janeiro' through 'Dezembro'", () => {
    expect(MONTHS).toHaveLength(12);
    expect(MONTHS[0]).toBe('Janeiro');
    expect(MONTHS[2]).toBe('Março');
    expect(MONTHS[11]).toBe('Dezembro');
  });

  it('planning status numbers 1 PrePlanning to 5 Submitted', () => {
    expect([...PLANNING_PHASES]).toEqual([
      'PrePlanning',
      'Planning',
      'PlanningMedias',
      'Planning5w2h',
      'Submitted',
    ]);
    expect(planningStatusNumber('PrePlanning')).toBe(1);
    expect(planningStatusNumber('Submitted')).toBe(5);
  });
});

describe('chat', () => {
  it('CHAT-019 mime types group into audio, image, video, sticker (webp) and document', () => {
    expect(mediaKindOf('image/webp')).toBe('sticker');
    expect(mediaKindOf('image/jpeg')).toBe('image');
    expect(mediaKindOf('audio/ogg; codecs=opus')).toBe('audio');
    expect(mediaKindOf('video/mp4')).toBe('video');
    expect(mediaKindOf('application/pdf')).toBe('document');
    expect(mediaKindOf(undefined)).toBe('document');
  });

  it('CHAT-062 template variables are atendente, campanha, cliente, cidade, produto, valor_produto', () => {
    expect([...TEMPLATE_VARIABLES]).toEqual([
      'atendente',
      'campanha',
      'cliente',
      'cidade',
      'produto',
      'valor_produto',
    ]);
  });

  it('CHAT-009 CHAT-093 CHAT-032 CHAT-031 chat page 20, polling 5 s, 15 files, 16 MB', () => {
    expect(CHAT_PAGE_SIZE).toBe(20);
    expect(CHAT_POLL_INTERVAL_MS).toBe(5000);
    expect(MAX_FILES_PER_SEND).toBe(15);
    expect(MEDIA_MAX_BYTES).toBe(16 * 1024 * 1024);
  });
});

describe('limits and thresholds', () => {
  it('PLAT-280 PLAT-281 PLAT-202 list limit 500, admin page 50, API timeout 30 s', () => {
    expect(LIST_LIMIT).toBe(500);
    expect(ADMIN_PAGE_SIZE).toBe(50);
    expect(API_TIMEOUT_MS).toBe(30_000);
  });

  it('PLAT-191 the remote config is fetched at most once every 60 s', () => {
    expect(REMOTE_CONFIG_MIN_FETCH_INTERVAL_MS).toBe(60_000);
  });

  it('PLAT-282 locale pt-BR and currency BRL', () => {
    expect(LOCALE).toBe('pt-BR');
    expect(CURRENCY).toBe('BRL');
  });

  it('OPP-159 response-time thresholds are 600 s and 1800 s', () => {
    expect(RESPONSE_TIME_ATTENTION_S).toBe(600);
    expect(RESPONSE_TIME_EXCEEDED_S).toBe(1800);
  });

  it('PLAT-180 PLAT-210 OPP-198 notification 5 s, error 3 s, success 1.5 s', () => {
    expect(TOAST_MS.notification).toBe(5000);
    expect(TOAST_MS.error).toBe(3000);
    expect(TOAST_MS.success).toBe(1500);
  });

  it('PLAT-283 the stage colour contrast threshold is 0.5', () => {
    expect(STAGE_COLOR_CONTRAST_THRESHOLD).toBe(0.5);
  });
});

describe('opportunityTypeIcon', () => {
  it('PLAT-147 the second, third and fourth types by creation get briefcase, book and truck; others none', () => {
    const types = [{ id: 31 }, { id: 7 }, { id: 12 }, { id: 40 }, { id: 9 }];
    expect(opportunityTypeIcon(types, 7)).toBeNull();
    expect(opportunityTypeIcon(types, 9)).toBe('briefcase');
    expect(opportunityTypeIcon(types, 12)).toBe('book');
    expect(opportunityTypeIcon(types, 31)).toBe('truck');
    expect(opportunityTypeIcon(types, 40)).toBeNull();
    expect(opportunityTypeIcon(types, null)).toBeNull();
    expect(opportunityTypeIcon(types, 99)).toBeNull();
  });
});
