export { platformRoutes } from './platform.routes.ts';
