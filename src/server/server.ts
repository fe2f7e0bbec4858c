import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loadEnvFile } from './platform/env-file.ts';

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
