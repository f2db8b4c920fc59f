export * from './platform/endpoint.ts';
export * from './platform/errors.ts';
export * from './platform/pagination.ts';
export * from './platform/runtime-config.ts';
export * from './system-logs/system-logs.ts';
export * from './uploads/uploads.ts';
export * from './users/permissions.ts';
export * from './users/users.ts';
