import { draftsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { createDraft, deleteDraft, getDraft, listDrafts, saveDraft } from './draft.service.ts';

export const draftsRoutes: RouteEntry[] = [
  route(draftsApi.listDrafts, ({ query }, ctx) => listDrafts(ctx.db, ctx.user, query)),
  route(draftsApi.getDraft, ({ params }, ctx) => getDraft(ctx.db, ctx.user, params.id)),
  route(draftsApi.createDraft, ({ body }, ctx) => createDraft(ctx, body)),
  route(draftsApi.saveDraft, ({ params, body }, ctx) => saveDraft(ctx, params.id, body)),
  route(draftsApi.deleteDraft, ({ params }, ctx) => deleteDraft(ctx, params.id)),
];
