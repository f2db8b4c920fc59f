import { loadConfig } from './config.ts';
import { startServer } from './server.ts';

const config = loadConfig();
const server = await startServer(config).catch((e: unknown) => {
  if ((e as { code?: string }).code === 'EADDRINUSE') {
    console.error(`Port ${config.port} is already in use. Stop what uses it, or start with PORT=<another port>.`);
    process.exit(1);
  }
  throw e;
});

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
console.log(`${lines.join('\n')}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    server.app.log.info(`${signal}: shutting down`);
    server
      .stop()
      .then(() => process.exit(0))
      .catch((e: unknown) => {
        console.error(e);
        process.exit(1);
      });
  });
