import { loadConfig } from './config.ts';
// Before server.ts, so that it is in place while the identity provider loads (see the module); undone once started.
import { restoreConsole } from './platform/runtime-notices.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config).catch((e: unknown) => {
  if (e instanceof Error && (e as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Stop what uses it, or start with PORT=<another port>.`);
    process.exit(1);
  }
  console.error('The server could not start:', e instanceof Error ? e.message : e);
  if (e instanceof Error && config.log.level === 'debug') console.error(e.stack);
  process.exit(1);
});

restoreConsole();

// Signals are handled from the moment the server listens (it answers /api/ready before the lines below are printed).
let stopping = false;
/** Closes the HTTP server (jobs under way finish or are handed back), the pool, then the embedded PostgreSQL. */
function shutDown(why: string) {
  if (stopping) return;
  stopping = true;
  if (config.log.format === 'text') console.log(`${why}: shutting down`);
  else server.app.log.info(`${why}: shutting down`);
  server
    .stop()
    .then(() => process.exit(0))
    .catch((e: unknown) => {
      console.error(e);
      process.exit(1);
    });
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutDown(signal));

// The mail settings in force: Configuration → E-mail first, else SMTP_URL (read now, not on the first timer tick).
await server.app.mailer.refresh().catch(() => undefined);
const { mailer } = server.app;

const lines = ['', `  Back Office is running at ${server.url}`, `  API documentation: ${server.url}/api/docs`];
if (config.oidc.embedded) {
  if (server.admin.generatedPassword)
    lines.push(
      `  Sign in as admin with the password ${server.admin.generatedPassword} (generated now; shown only once)`,
    );
  else if (server.admin.passwordFromEnvironment) lines.push('  Sign in as admin with the password from ADMIN_PASSWORD');
  else lines.push('  Sign in as admin with the password shown on the first start (or set ADMIN_PASSWORD and restart)');
} else {
  lines.push(
    `  Sign-in: ${config.oidc.issuer}; the user whose verified e-mail is ${config.adminEmail} is the administrator`,
  );
}
lines.push(
  config.databaseUrl
    ? '  Database: external PostgreSQL (DATABASE_URL)'
    : `  Data folder: ${config.dataDir} (embedded PostgreSQL)`,
  mailer.configured
    ? `  Mail: sent through ${mailer.server} (settings from ${mailer.source === 'configuration' ? 'Configuration → E-mail' : 'SMTP_URL'})`
    : '  Mail: not configured (set it up under Configuration → E-mail, or set SMTP_URL and MAIL_FROM)',
);
if (config.log.format === 'text')
  lines.push('  Warnings and errors are printed below; LOG_FORMAT=json logs every request as JSON lines.');
console.log(`${lines.join('\n')}\n`);

// Under `npm start`, npm is the parent: npm passes SIGINT and SIGTERM on, but if it is killed outright the
// server would run on with nobody to stop it. A new parent means the old one is gone.
if (process.env.npm_lifecycle_event) {
  const parent = process.ppid;
  setInterval(() => {
    if (process.ppid !== parent) shutDown('npm stopped');
  }, 1_000).unref();
}
