import { uploadsApi } from '@backoffice/contracts';
import { type RouteEntry, route } from '../../platform/routes.ts';
import { removeUpload, sendUpload, storeUpload } from './uploads.service.ts';

export const uploadsRoutes: RouteEntry[] = [
  route(uploadsApi.upload, ({ body }, ctx) => storeUpload(ctx, body.name, body.content)),
  route(uploadsApi.remove, ({ query }, ctx) => removeUpload(ctx, query.fileName)),
  route(uploadsApi.download, ({ params }, ctx) => sendUpload(ctx, params.fileName)),
];
