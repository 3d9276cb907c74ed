import { z } from 'zod';

const variants = z.object({ light: z.string(), dark: z.string() });

export const platformSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  short_name: z.string(),
  subtitle: z.string(),
  hosts: z.array(z.string()),
  spinner: z.enum(['dark', 'light']),
  favicon: z.string(),
  trademark_owner: z.string(),
  logos: z.object({ default: variants, short: variants }),
  login_backgrounds: z.object({ desktop: z.string(), mobile: z.string() }),
  palette: z.object({
    primary: z.string(),
    secondary: z.string(),
    nav: z.string(),
    button: z.string().nullable(),
  }),
  gradient: z.object({ primary: z.string(), secondary: z.string(), login_only: z.boolean() }).nullable(),
  flags: z.object({
    changeButton: z.boolean(),
    has_reset: z.boolean(),
    has_street_generation: z.boolean(),
    planning: z.string().nullable(),
    integrated_enroll: z.string().nullable(),
    responsibleCheck: z.boolean(),
    calendar_actions: z.string().nullable(),
    main_collaborator: z.enum(['salesRep', 'manager']),
  }),
  terms: z.object({
    won_term: z.string(),
    lost_term: z.string(),
    product_term: z.string(),
    price_term: z.string(),
    concluded_term: z.string(),
    sales_rep_term: z.string(),
  }),
  preset_values: z.object({ source_type: z.string(), media_id: z.number().int().nullable() }),
  faq_videos: z.array(z.object({ path: z.string(), local: z.boolean(), src: z.string(), title: z.string() })),
  dashboard_titles: z.object({
    service_tab: z.string(),
    ranking_tab: z.string(),
    charts: z.array(z.string()),
  }),
});
export type Platform = z.infer<typeof platformSchema>;
