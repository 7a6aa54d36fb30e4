import { privateLogOptions } from './log-privacy.js';
import { pino } from 'pino';
import { CryptoIds, SystemClock } from '@eid/adapter-system';
import { openStorage } from './storage/index.js';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DevClock } from './dev-clock.js';
import { missingNodeFlags } from './process-flags.js';

/** The only place that starts a process: read config, open the data, listen, stop cleanly. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig(process.env, process.cwd());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`EID: configuration error: ${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  const logger = pino(privateLogOptions(config.logLevel));
  const missing = missingNodeFlags(process.execArgv, process.env.NODE_OPTIONS);
  if (missing.length > 0) logger.warn({ missing }, 'started without the Node flags of SERVER_NODE_FLAGS (process-flags.ts): its latency under load differs from what the benchmarks measured');
  const clock = config.devClock ? new DevClock(new SystemClock()) : new SystemClock();
  const ids = new CryptoIds();
  const storage = await openStorage(config, clock, ids, (level, message, data) => logger[level]({ data }, message));
  await storage.setMeta('last_started_at', new Date(clock.now()).toISOString(), clock.now());
  const app = await buildApp({ config, storage, logger, clock, ids });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping');
    await app.close();
    await storage.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  process.stdout.write(`\nEID is running at http://${shown}:${port}/  (data: ${storage.describe}; Node.js ${process.version})\n\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`EID: failed to start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
