import {
  ADMIN_LIST_SCHEMAS,
  actionLookupQuerySchema,
  listBatchOf,
  listBatchResultOf,
  listQuerySchema,
} from '@vendaval/core/schemas/catalog';
import { idSchema, okSchema, pageOf } from '@vendaval/core/schemas/common';
import { z } from 'zod';
import type { Db } from '../../infra/db.ts';
import type { ZodApp } from '../../infra/zod-app.ts';
import type { ListTable } from './lists.queries.ts';
import * as lists from './lists.service.ts';

const security = [{ bearer: [] }];
const tags = ['catalog'];
const params = z.object({ id: idSchema });

interface ListSchemas<Input extends object, Item extends { id: number }> {
  item: z.ZodType<Item>;
  create: z.ZodType<Input>;
  update: z.ZodType<Partial<Input>>;
}

/**
 * GET (search, paged by name), POST, PUT /:id and DELETE /:id of one admin list, GET /:id when asked, and
 * POST /batch: the edits /lists collected, saved in one transaction.
 */
function listRoutes<T extends ListTable, Input extends object, Item extends { id: number }>(
  scope: ZodApp,
  db: Db,
  spec: lists.ListSpec<T, Input, Item>,
  schemas: ListSchemas<Input, Item>,
  options: { getOne?: boolean; actionLookup?: 'media' | 'campaign' } = {},
) {
  const path = `/${spec.list}`;
  // The schemas match the spec (checked at the call); the router needs them without the generics.
  const item: z.ZodType = schemas.item;
  const create: z.ZodType = schemas.create;
  const update: z.ZodType = schemas.update;
  const one = { tags, security, params, response: { 200: item } };
  const { actionLookup } = options;
  if (actionLookup) {
    scope.get(
      path,
      {
        schema: { tags, security, querystring: actionLookupQuerySchema, response: { 200: pageOf(item) } },
      },
      (request) => {
        const { schedule_template_type, role, schedule_template_task_media_id, ...query } = request.query;
        const lookup =
          schedule_template_type === 'Action'
            ? { column: actionLookup, role, mediaId: schedule_template_task_media_id }
            : undefined;
        return lists.listItems(db, request.ctx, spec, query, lookup);
      },
    );
  } else {
    scope.get(
      path,
      { schema: { tags, security, querystring: listQuerySchema, response: { 200: pageOf(item) } } },
      (request) => lists.listItems(db, request.ctx, spec, request.query),
    );
  }
  if (options.getOne) {
    scope.get(`${path}/:id`, { schema: one }, (request) =>
      lists.getItem(db, request.ctx, spec, request.params.id),
    );
  }
  scope.post(path, { schema: { tags, security, body: create, response: { 200: item } } }, (request) =>
    lists.createItem(db, request.ctx, spec, request.body as Input),
  );
  scope.put(`${path}/:id`, { schema: { ...one, body: update } }, (request) =>
    lists.updateItem(db, request.ctx, spec, request.params.id, request.body as Partial<Input>),
  );
  scope.post(
    `${path}/batch`,
    {
      schema: {
        tags,
        security,
        body: listBatchOf(schemas.create, schemas.update),
        response: { 200: listBatchResultOf(item) },
      },
    },
    (request) => lists.saveBatch(db, request.ctx, spec, request.body as lists.ListBatch<Input>),
  );
  scope.delete(
    `${path}/:id`,
    { schema: { tags, security, params, response: { 200: okSchema } } },
    (request) => lists.deleteItem(db, request.ctx, spec, request.params.id),
  );
}

/** The admin lists of a workspace, under /workspaces/:workspaceId (inside its member guard). */
export function adminListRoutes(scope: ZodApp, db: Db) {
  const schemas = ADMIN_LIST_SCHEMAS;
  listRoutes(scope, db, lists.tags, schemas.tags);
  listRoutes(scope, db, lists.campaigns, schemas.campaigns, { actionLookup: 'campaign' });
  listRoutes(scope, db, lists.medias, schemas.medias, { actionLookup: 'media' });
  listRoutes(scope, db, lists.products, schemas.products, { getOne: true });
  listRoutes(scope, db, lists.objections, schemas.objections);
  listRoutes(scope, db, lists.interactionTypes, schemas['interaction-types']);
  listRoutes(scope, db, lists.taskTypes, schemas['task-types']);
  listRoutes(scope, db, lists.opportunityTypes, schemas['opportunity-types']);
  listRoutes(scope, db, lists.quickAnswers, schemas['quick-answers']);
}
