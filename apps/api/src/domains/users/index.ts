export { type AdminBootstrap, ensureAdministrator } from './bootstrap.ts';
export { usersRoutes } from './users.routes.ts';
