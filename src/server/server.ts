import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { loadEnvFile } from './platform/env-file.ts';

// Variables of a .env file where the shop starts, unless the environment sets them already.
loadEnvFile('.env');
const config = loadConfig();
const app = await buildApp(config);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}

await app.listen({ port: config.PORT, host: config.HOST });
