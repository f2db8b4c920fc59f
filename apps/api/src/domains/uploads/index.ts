export { uploadsRoutes } from './uploads.routes.ts';
export { ATTACHMENT_READERS } from './uploads.service.ts';
