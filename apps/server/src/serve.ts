import {
  createAiProvider,
  createApp,
  createDb,
  createLogger,
  createMailer,
  createS3Storage,
  createServices,
  createWorkSignals,
  describeAiSettings,
  ensureDefaultAccount,
  holdInstanceLock,
  listen,
  loadSecretKey,
  sqliteFileOf,
  startAiJobs,
  startChores,
  startOutboxWorker,
} from '@formloom/server';
import type { CliIo } from './cli.js';
import type { Config } from './config.js';

/** `<publicUrl>/app/setup?token=...`: the first run's one-time link. */
export function setupLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/app/setup?token=${encodeURIComponent(token)}`;
}

function nextSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const on = (signal: NodeJS.Signals) => {
      process.off('SIGTERM', on);
      process.off('SIGINT', on);
      resolve(signal);
    };
    process.on('SIGTERM', on);
    process.on('SIGINT', on);
  });
}

/**
 * `formloom serve`: open the database, make the first account on a new one, listen, and on
 * SIGTERM/SIGINT finish requests in flight and close the database.
 */
export async function serve(config: Config, io: CliIo, stop: Promise<unknown> = nextSignal()): Promise<void> {
  const logger = createLogger({ level: config.logLevel });
  // On SQLite, mark the data folder as in use first, so `formloom restore` refuses to replace it.
  const sqlite = sqliteFileOf({ url: config.databaseUrl, dataDir: config.dataDir }) !== undefined;
  const instanceLock = sqlite ? holdInstanceLock(config.dataDir) : undefined;
  const handle = await createDb({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: config.databasePoolSize,
  });
  const secretKey = loadSecretKey({ key: config.webhooks.secretKey, dataDir: config.dataDir });
  // One mailer: the one-time codes of private smart forms and the outbox's notification mails.
  const mailer = createMailer({
    smtpUrl: config.mail.smtpUrl,
    from: config.mail.from,
    replyTo: config.mail.replyTo,
    timeoutMs: config.webhooks.timeoutMs,
    logger,
  });
  // Every service once, with one set of wake-ups: the app, the workers, the chores and the first run share them.
  const services = createServices({
    db: handle.db,
    logger,
    config: {
      publicUrl: config.publicUrl,
      bodyLimitBytes: config.bodyLimitBytes,
      bodyTimeoutMs: config.bodyTimeoutMs,
      allowPrivateTargets: config.webhooks.allowPrivateTargets,
      dataDir: config.dataDir,
      trustProxy: config.trustProxy,
      slack: config.integrations.slack,
      slackApiBaseUrl: config.integrations.slackApiBaseUrl,
      airtableApiBase: config.integrations.airtableApiBase,
      notionApiBase: config.integrations.notionApiBase,
      ...(config.integrations.google === undefined ? {} : { google: config.integrations.google }),
      mailPerRecipientPerHour: config.mail.perRecipientPerHour,
      discordWebhookBases: config.integrations.discordWebhookBases,
      captcha: config.captcha,
      dashboardDir: config.dashboardDir,
      deletedRetentionMs: config.deletedRetentionMs,
      auditRetentionMs: config.auditRetentionMs,
      dnsServers: config.dnsServers,
      stripeApiBase: config.stripeApiBase,
    },
    secretKey,
    aiProvider: createAiProvider({ settings: config.ai.settings, logger }),
    mailer,
    interviewQuestionTimeoutMs: config.smartForms.questionTimeoutMs,
    publicRateLimit: { points: config.publicRateLimitPerMinute, durationSeconds: 60 },
    signals: createWorkSignals(),
    ...(config.s3 === undefined ? {} : { storage: createS3Storage(config.s3) }),
  });
  const first = await ensureDefaultAccount(services, { credits: config.ai.defaultCredits });
  if (first !== undefined) {
    io.out(`API key: ${first.token}`);
    // One time, within 24 hours: makes the account's owner and signs them in to the dashboard.
    io.out(`Set up the dashboard (once, within 24 hours): ${setupLink(config.publicUrl, first.setupToken)}`);
  }

  const app = createApp({ services });
  const server = await listen(app, {
    port: config.port,
    host: config.host,
    shutdownTimeoutMs: config.shutdownTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    maxConnectionsPerClient: config.maxConnectionsPerClient,
    logger,
  });
  const chores = startChores(services, {
    sessionIdleMs: config.smartForms.sessionIdleMs,
    aiJobRetentionMs: config.ai.jobRetentionMs,
    logger,
  });
  const webhooks = startOutboxWorker({
    db: handle.db,
    ...config.webhooks,
    box: services.box,
    logger,
    wake: services.signals.outbox,
    senders: services.outboxSenders,
  });
  const aiJobs = startAiJobs(services, {
    concurrency: config.ai.concurrency,
    leaseMs: config.ai.jobLeaseMs,
    logger,
  });
  logger.info({ url: server.url, port: server.port, database: handle.description }, 'listening');
  // For a person at the terminal: where the API is and how to call it (the key is never repeated).
  const origin = server.url.replace(/^http:\/\/(\[::\]|0\.0\.0\.0)(?=:)/, 'http://localhost');
  io.out(`Formloom API: ${origin}/v1`);
  io.out(`Try: curl -H "Authorization: Bearer <API key>" ${origin}/v1/me`);
  io.out(describeAiSettings(config.ai.settings));

  const signal = await stop;
  logger.info({ signal }, 'shutting down');
  await chores.stop();
  await server.close();
  await aiJobs.stop();
  await webhooks.stop();
  await handle.close();
  instanceLock?.release();
  logger.info('stopped');
  logger.flush();
}
