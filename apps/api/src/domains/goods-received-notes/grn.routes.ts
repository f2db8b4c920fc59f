import { goodsReceivedNotesApi as api } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { matchFastReceipt, postFastReceipt } from './fast-receiving.service.ts';
import { goodsReceivedNotePdf } from './grn.pdf.ts';
import * as notes from './grn.service.ts';
import { applyLandedCost, chargesOf, previewLandedCost } from './landed-cost.service.ts';

export const grnRoutes: RouteEntry[] = [
  route(api.listGoodsReceivedNotes, ({ query }, ctx) => notes.listNotes(ctx.db, query)),
  route(api.exportGoodsReceivedNotes, ({ query }, ctx) => notes.exportNotes(ctx, query)),
  route(api.receivableOrders, ({ query }, ctx) => notes.receivableOrders(ctx.db, query)),
  route(api.receivableOrder, ({ params }, ctx) => notes.receivableOrder(ctx.db, params.id)),
  route(api.matchFastReceipt, ({ body }, ctx) => matchFastReceipt(ctx.db, body)),
  route(api.postFastReceipt, ({ body }, ctx) => postFastReceipt(ctx, body)),
  route(api.getGoodsReceivedNote, ({ params }, ctx) => notes.getNote(ctx.db, params.id)),
  route(api.goodsReceivedNoteMovements, ({ params, query }, ctx) => notes.noteMovements(ctx.db, params.id, query)),
  route(api.createGoodsReceivedNote, ({ body }, ctx) => notes.createNote(ctx, body)),
  route(api.postGoodsReceivedNote, ({ params }, ctx) => notes.postNote(ctx, params.id)),
  route(api.cancelGoodsReceivedNote, ({ params, body }, ctx) => notes.cancelNote(ctx, params.id, body)),
  route(api.landedCosts, ({ params }, ctx) => chargesOf(ctx.db, params.id)),
  route(api.previewLandedCost, ({ params, body }, ctx) => previewLandedCost(ctx.db, params.id, body)),
  route(api.applyLandedCost, ({ params, body }, ctx) => applyLandedCost(ctx, params.id, body)),
  route(api.goodsReceivedNotePdf, ({ params, query }, ctx) => goodsReceivedNotePdf(ctx, params.id, query.lang)),
];
