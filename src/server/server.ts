import { enableCompileCache } from 'node:module';

// V8 keeps the code it compiles on disk (in the system's temporary folder) for the next start,
// which then parses neither the server nor its packages again: about half a second less here.
// It must be on before the app's modules load, hence the dynamic imports below.
enableCompileCache();

const { buildApp } = await import('./app.ts');
const { loadConfig } = await import('./config.ts');
const { loadEnvFile } = await import('./platform/env-file.ts');

// Variables of a .env file where the shop starts, unless the environment sets them already.
loadEnvFile('.env');
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // Requests in flight may finish; a connection still open after the grace period (a profile's
    // event stream stays open as long as its page) is cut, and the browser reconnects later.
    setTimeout(() => app.server.closeAllConnections(), config.SHUTDOWN_GRACE_MS).unref();
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
