export { uploadsRoutes } from './uploads.routes.ts';
export { ATTACHMENT_READERS, storeUpload } from './uploads.service.ts';
