import type pg from 'pg';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config/env.ts';
import type { Db } from './db/client.ts';
import path from 'node:path';
import zlib from 'node:zlib';
import { accountRoutes } from './modules/account/account.routes.ts';
import { loadAuthSecret } from './modules/auth/auth-secret.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { phoneSignInRoutes } from './modules/auth/phone-sign-in.routes.ts';
import { forgetSessions, resolveSession } from './modules/auth/auth.service.ts';
import { SESSIONS_CHANNEL, SessionCache } from './modules/auth/session-cache.ts';
import { createAuth } from './modules/auth/better-auth.ts';
import { reviewVotesRoutes } from './modules/reviews/review-votes.routes.ts';
import { reviewsRoutes } from './modules/reviews/reviews.routes.ts';
import { DiskPhotoStorage, type PhotoStorage } from './modules/media/photo-storage.ts';
import { photoRoutes } from './modules/media/photo.routes.ts';
import { S3PhotoStorage } from './modules/media/s3-photo-storage.ts';
import { PHOTO_MAX_BYTES } from '@arreglaya/shared/schemas/profile';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { notificationChannelsRoutes } from './modules/notifications/notification-channels.routes.ts';
import { createPushSender } from './modules/push/push-sender.ts';
import { pushRoutes } from './modules/push/push.routes.ts';
import { loadVapid } from './modules/push/vapid.ts';
import { avatarRoutes } from './modules/profiles/avatar.routes.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { indexCedulas as indexContractorCedulas, sealLegacyCedulas as sealLegacyContractorCedulas } from './modules/profiles/profiles.service.ts';
import { sealLegacyCedulas as sealLegacyApplicationCedulas } from './modules/store-partners/store-application.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { Readiness, registerDrainingConnections } from './modules/health/readiness.ts';
import { metricsRoutes } from './modules/metrics/metrics.routes.ts';
import { createMetrics, type Metrics } from './modules/metrics/metrics.service.ts';
import { devOutboxRoutes } from './modules/mail/dev-outbox.routes.ts';
import { devJobsRoutes } from './modules/jobs/dev-jobs.routes.ts';
import { createMailer, type Mailer } from './modules/mail/mailer.ts';
import type { ChannelSender } from './modules/notifications/channel-sender.ts';
import { dryRunSender } from './modules/notifications/dry-run-sender.ts';
import { unsubscribeUrl } from './modules/notifications/notification-unsubscribe.ts';
import { createNotificationDispatcher, type NotificationDispatcher } from './modules/notifications/notification-dispatch.ts';
import { OutboxWorker } from './modules/mail/outbox-worker.ts';
import { createOutboxOnlyTransport, createSmtpTransport } from './modules/mail/transport.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { claimsRoutes } from './modules/claims/claims.routes.ts';
import { claimsJobs } from './modules/claims/claims-jobs.ts';
import { showUpRoutes } from './modules/projects/show-up.routes.ts';
import { openProjectsSink, PROJECTS_CHANNEL } from './modules/projects/open-projects-cache.ts';
import { quotesRoutes } from './modules/projects/quotes.routes.ts';
import { invitationsRoutes } from './modules/invitations/invitations.routes.ts';
import { projectJobs } from './modules/projects/project-jobs.ts';
import { JobQueue, type JobQueueSettings } from './modules/jobs/job-queue.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import type { CampaignsDeps } from './modules/campaigns/campaigns.service.ts';
import { mailJobs } from './modules/mail/mail-jobs.ts';
import { directoryPageSources, startDirectory } from './modules/directory/directory.ts';
import { startNotifiedCaches } from './db/notified-caches.ts';
import { directoryRoutes } from './modules/directory/directory.routes.ts';
import { startChat, type Chat } from './modules/chat/chat.ts';
import { chatRoutes } from './modules/chat/chat.routes.ts';
import { noticeCentreRoutes } from './modules/chat/notice-centre.routes.ts';
import { chatSocketRoutes } from './modules/chat/chat-socket.routes.ts';
import { createMessaging, type Messaging } from './modules/messaging/messaging.ts';
import { createSmsSender, createWhatsAppSender } from './modules/messaging/channel-senders.ts';
import { createWhatsAppNotices } from './modules/messaging/whatsapp-buttons.ts';
import type { DeliveryStatusSink } from './modules/notifications/channel-sender.ts';
import { createDataCipher, loadDataKey } from './lib/data-encryption.ts';
import { lazyChildLogger } from './lib/logger.ts';
import { registerAccessControl, type RequestUser } from './plugins/access.ts';
import type { Role } from '@arreglaya/shared/domain';
import { registerControlCharacterCheck } from './plugins/control-characters.ts';
import { handleError, registerErrorHandler } from './plugins/error-handler.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { createRateLimiter, purgeExpiredRateLimits, registerRateLimits } from './plugins/rate-limit.ts';
import { DEFAULT_CACHE_CONTROL, registerSecurityHeaders } from './plugins/security-headers.ts';
import { clientErrorHandler } from './plugins/client-errors.ts';
import { registerSysadminConsole } from './plugins/sysadmin-console.ts';
import { registerGracefulCloseOnUnreadBody } from './plugins/unread-body.ts';
import { registerWebApp, type PageRenderer } from './plugins/web-app.ts';
import { registerPayments, type PaymentsHandle } from './wiring/payments.ts';
import { registerCampaigns } from './wiring/campaigns.ts';
import { registerConsoleRoutes } from './wiring/console.ts';
import { registerSiteRoutes } from './wiring/site.ts';
import { registerMessagingRoutes } from './wiring/messaging.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger: FastifyBaseLogger;
  /** Also kick the outbox's delivery job this often (ms; tests). Without it, kicks after commit and the job's schedule (decision 035). */
  mailPollMs?: number;
  /** The job queue's settings (tests: no schedules, shorter waits); decision 035. */
  jobs?: Partial<JobQueueSettings>;
  /** Serve a different web build (tests); defaults to apps/web/dist. */
  webDist?: string;
  /** Render /busqueda and /contractors/:id with this renderer (tests: the web app's source); defaults to the build's, `${webDist}-ssr/entry-server.js`. */
  webRenderer?: PageRenderer;
  /** Where photos live; DATA_DIR/media on disk by default. */
  storage?: PhotoStorage;
  /** Senders of the outside channels added to the app's own (tests: a recording sender). */
  channelSenders?: ChannelSender[];
  /** The notification dispatcher's clock (tests: quiet hours). */
  clock?: () => Date;
  /** Chat socket timings (tests shorten them). */
  chat?: { keepAliveMs?: number; idleGraceMs?: number; underPressure?: () => boolean };
  /** Where WhatsApp and SMS status callbacks go (tests record them); see the wiring below. */
  deliveryStatusSink?: DeliveryStatusSink;
}

/** S3-compatible storage when the S3_* variables are set, otherwise DATA_DIR/media on disk. */
export function defaultPhotoStorage(config: Config): PhotoStorage {
  if (config.S3_ENDPOINT && config.S3_BUCKET && config.S3_REGION && config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY) {
    return new S3PhotoStorage({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
    });
  }
  return new DiskPhotoStorage(path.join(config.dataDir, 'media'));
}

export type App = FastifyInstance;

/** proxy-addr's rule for "n proxies in front": hop 0 is the socket's peer. */
function trustHops(n: number) {
  return (_address: string, hop: number) => hop < n;
}

/** What buildApp hands back besides the Fastify app: the parts tests and the server's start drive. */
export interface AppHandles {
  mailer: Mailer;
  notifications: NotificationDispatcher;
  payments: PaymentsHandle;
  chat: Chat;
  sessionCache: SessionCache;
  metrics: Metrics;
  jobs: JobQueue;
  readiness: Readiness;
  campaigns: CampaignsDeps;
  messaging: Messaging;
}

/**
 * Builds the whole application (API, web app, mail delivery) around a database. Used by
 * server.ts and by the tests, which give it a fresh database each.
 */
export async function buildApp(deps: AppDeps): Promise<App & AppHandles> {
  const { config, db } = deps;
  // Filled in below; a malformed URL (GET /%) is answered before any hook runs.
  let securityHeaders: Record<string, string> = {};
  const app = Fastify({
    loggerInstance: deps.logger,
    // A request's child logger is built when it first logs (lib/logger.ts).
    childLoggerFactory: lazyChildLogger,
    // JSON bodies up to 1 MiB; uploads (multipart) set their own limits.
    bodyLimit: 1024 * 1024,
    // TRUST_PROXY=n believes the last n X-Forwarded-For hops (those our own proxies added);
    // a list believes those addresses. Never `true` (config/env.ts).
    trustProxy: typeof config.TRUST_PROXY === 'number' ? trustHops(config.TRUST_PROXY) : config.TRUST_PROXY,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors Fastify meets before routing (a URL that does not decode): our JSON error shape,
    // through our error handler, with the same security headers as every other answer.
    frameworkErrors: (error, req, reply) => {
      void reply.headers(securityHeaders).header('cache-control', DEFAULT_CACHE_CONTROL);
      handleError(error, req, reply);
    },
    // Requests Node's parser refuses (431, 400, 408) get the same: our Spanish JSON and headers.
    clientErrorHandler: clientErrorHandler(() => securityHeaders, deps.logger),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Prometheus metrics (decision 029): every request timed from here on; served at /metrics below.
  let chatSockets = () => 0;
  const metrics = createMetrics({ db, log: app.log, chatSockets: () => chatSockets() });
  metrics.recordRequests(app);

  registerErrorHandler(app);
  await registerLoadShedding(app, { maxEventLoopDelayMs: config.MAX_EVENT_LOOP_DELAY_MS, maxHeapUsedRatio: config.MAX_HEAP_USED_RATIO });
  registerGracefulCloseOnUnreadBody(app);
  securityHeaders = await registerSecurityHeaders(app, config.isProduction);
  // Pages, scripts and JSON go out compressed (brotli or gzip): a phone on a slow mobile
  // connection loads the landing in a fraction of the bytes. Images are already compressed.
  // The directory's cached answers are stored gzipped and skip this (lib/prepared-json.ts).
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(cookie);
  // Uploads (profile photos): one file of up to 8 MB and a few small fields; anything more is refused.
  await app.register(multipart, { limits: { fileSize: PHOTO_MAX_BYTES, files: 1, fields: 5, parts: 6, fieldSize: 1024, headerPairs: 50 } });
  await registerOpenApi(app, config.appUrl);

  const transport =
    config.mailTransport === 'smtp' && config.SMTP_URL ? createSmtpTransport(config.SMTP_URL, config.MAIL_FROM) : createOutboxOnlyTransport((o, m) => app.log.info(o, m));
  // The job queue (decision 035): pg-boss on this database; started once the app is ready (after the migrations).
  const jobs = new JobQueue(db, app.log, deps.jobs);
  const sendJob = (name: Parameters<JobQueue['send']>[0]) => () =>
    void jobs.send(name).catch((err: unknown) => app.log.warn({ err, queue: name }, 'job not sent (its schedule will run it)'));
  const worker = new OutboxWorker({ db, transport, log: app.log, pollMs: deps.mailPollMs, trigger: sendJob('mail-delivery') });
  jobs.define(...mailJobs(worker, db, jobs));
  const authSecret = await loadAuthSecret(db, config.AUTH_SECRET);
  // The outside channels (issue 32, decision 038): register a ChannelSender here to turn its channel on.
  // Senders given (tests) or dry-run come first; the built-in Web Push, WhatsApp and SMS senders are
  // registered below, once what they need exists, for the channels not already taken.
  const channelSenders: ChannelSender[] = [...(deps.channelSenders ?? []), ...config.NOTIFICATION_DRY_RUN_CHANNELS.map(dryRunSender)];
  const registerSender = (sender: ChannelSender) => {
    if (!channelSenders.some((s) => s.channel === sender.channel)) channelSenders.push(sender);
  };
  if (config.NOTIFICATION_DRY_RUN_CHANNELS.length > 0)
    app.log.warn({ channels: config.NOTIFICATION_DRY_RUN_CHANNELS }, 'NOTIFICATION_DRY_RUN_CHANNELS: these channels send nothing');
  const notifications = createNotificationDispatcher({
    db,
    senders: channelSenders,
    log: app.log,
    now: deps.clock,
    unsubscribeUrl: (userId, channel) => unsubscribeUrl(config.appUrl, authSecret, userId, channel),
    send: (o) =>
      void jobs.send('notification-delivery', {}, o ? { startAfter: o.startAfter, key: 'retry' } : {}).catch((err: unknown) => app.log.warn({ err }, 'notification job not sent')),
  });
  jobs.define(...notifications.jobs());
  // Every notify() caller kicks the mailer after its commit: the same kick wakes the outside channels' delivery.
  const mailer = createMailer(() => {
    worker.kick();
    notifications.kick();
  });
  const storage = deps.storage ?? defaultPhotoStorage(config);

  const auth = createAuth({ db, config, mailer, secret: authSecret, log: app.log });
  // Sessions kept in memory while the directory's listener hears the sessions' changes (decision 028).
  const sessionCache = new SessionCache();
  const authDeps = { db, auth, mailer, sessions: { secret: authSecret, ttlSeconds: config.SESSION_TTL_SECONDS }, sessionCache };
  const resolveUser = async (req: FastifyRequest, reply: FastifyReply): Promise<RequestUser | null> => {
    const s = await resolveSession(authDeps, { req, reply });
    return s && { id: s.userId, role: s.role as Role, sessionId: s.sessionId, expiresAt: s.expiresAt, sessionCreatedAt: s.createdAt };
  };
  registerAccessControl(app, resolveUser, config.appUrl, { operatorToken: config.METRICS_TOKEN });
  // Rate limits counted in memory and shared through PostgreSQL every 200 ms (decision 004).
  const rateLimiter = createRateLimiter(app, db);
  registerSysadminConsole(app, db, rateLimiter);
  registerRateLimits(app, rateLimiter);
  registerControlCharacterCheck(app);

  // Readiness for the load balancer (decision 034): draining answers close their connections.
  const readiness = new Readiness();
  registerDrainingConnections(app, readiness);
  await app.register(healthRoutes(db, { readiness }));
  await app.register(metricsRoutes(metrics));
  await app.register(authRoutes(authDeps));
  await app.register(
    accountRoutes({ db, storage, mailer, appUrl: config.appUrl, log: app.log, isProduction: config.isProduction, forgetSessions: (userId) => forgetSessions(authDeps, userId) }),
  );
  await app.register(photoRoutes(db, storage));
  await app.register(avatarRoutes({ db, storage, log: app.log }));
  const cipher = createDataCipher(await loadDataKey(db, config.DATA_ENCRYPTION_KEY, { isProduction: config.isProduction, log: app.log }));
  const sealed = (await sealLegacyContractorCedulas({ db, cipher })) + (await sealLegacyApplicationCedulas({ db, cipher }));
  if (sealed > 0) app.log.info(`sealed ${sealed} cédulas stored in the clear (decision 010)`);
  const indexed = await indexContractorCedulas({ db, cipher });
  if (indexed > 0) app.log.info(`indexed ${indexed} cédulas for the console's search (decision 025)`);
  await app.register(profilesRoutes({ db, cipher }));
  // Verification badges (docs/decisions/056-verification-badges.md).
  await app.register(verificationRoutes({ db, cipher }));
  await app.register(notificationsRoutes({ db, mailer, appUrl: config.appUrl }));
  await app.register(notificationChannelsRoutes({ db, notifications, secret: authSecret }));
  // Web Push (decision 039): the VAPID keys and the devices' subscriptions, and the channel's sender.
  const vapid = await loadVapid(db, config);
  registerSender(createPushSender({ vapid, log: app.log, testService: config.PUSH_TEST_SERVICE }));
  await app.register(pushRoutes({ db, vapid, testService: config.PUSH_TEST_SERVICE }));
  await registerConsoleRoutes(app, { db, cipher, mailer, appUrl: config.appUrl, auth: authDeps });
  await registerSiteRoutes(app, { db, mailer, cipher, appUrl: config.appUrl, teamInbox: config.TEAM_INBOX, figuresTtlMs: config.figuresTtlMs });
  // Projects and quotes (docs/decisions/020-projects-and-quotes.md); open quotes past their date expire and the
  // contractors' daily digest goes out, checked every minute.
  const payments = await registerPayments(app, { config, db, jobs, mailer, notifications, cipher, sendJob, clock: deps.clock });
  const projectDeps = {
    db,
    cipher,
    mailer,
    notifications,
    appUrl: config.appUrl,
    storage,
    log: app.log,
    // A project's money moves announce their notices (decision 074), delivered by the payments' listener after commit.
    money: { feePercent: config.PLATFORM_FEE_PERCENT, kickRefunds: sendJob('payments-refunds'), hireHours: config.HIRE_PAYMENT_HOURS, announce: payments.deps.announce },
    alertNewProject: async (projectId: string) => void (await jobs.send('project-alerts', { projectId }, { key: projectId })),
    clock: deps.clock,
  };
  await app.register(projectsRoutes(projectDeps));
  // The guarantee's claims: deadlines, the other side's answer, the deadlines job (decision 054).
  await app.register(claimsRoutes(projectDeps));
  jobs.define(...claimsJobs(db));
  // A record of who shows up: "Llegué", no-shows, the public record, the pause (decision 057).
  await app.register(showUpRoutes(projectDeps));
  await app.register(quotesRoutes(projectDeps));
  // Reviews both ways after a completed project, and their moderation (docs/decisions/026-reviews.md).
  await app.register(reviewsRoutes({ db, mailer, appUrl: config.appUrl }));
  // Me gusta / No me gusta on public reviews (docs/decisions/058-review-votes.md).
  await app.register(reviewVotesRoutes(db));
  jobs.define(...projectJobs(projectDeps));
  await app.register(jobsRoutes(db, jobs));
  const campaignDeps = await registerCampaigns(app, { db, mailer, appUrl: config.appUrl, linkSecret: authSecret, jobs, notifications });
  if (!config.isProduction) await app.register(devOutboxRoutes(db));
  if (!config.isProduction) await app.register(devJobsRoutes(jobs));
  // The open projects' cache (modules/projects/open-projects-cache.ts) and the sessions' (modules/auth/session-cache.ts),
  // kept consistent across instances by notifications on one connection.
  const notified = startNotifiedCaches({
    connection: { ...(db as unknown as { $client: pg.Pool }).$client.options },
    log: app.log,
    channels: [
      { channel: PROJECTS_CHANNEL, ...openProjectsSink(db) },
      { channel: SESSIONS_CHANNEL, notify: (payload) => sessionCache.notify(payload), setLive: (live) => sessionCache.setLive(live) },
    ],
  });
  await notified.ready;
  app.addHook('onClose', () => notified.stop());
  // The public directory, answered by PostgreSQL (docs/decisions/076-the-directory-on-postgresql.md).
  const directory = startDirectory({ db, log: app.log, figuresTtlMs: config.figuresTtlMs });
  app.addHook('onClose', () => directory.stop());
  await app.register(directoryRoutes(directory));
  // Chat (docs/decisions/024-chat.md): REST history and a WebSocket at /ws, fanned out across instances.
  const chat = await startChat({ db, storage, log: app.log, mailer, appUrl: config.appUrl, awayMs: config.CHAT_AWAY_AFTER_MS, notifications });
  app.addHook('onClose', () => chat.stop());
  chatSockets = () => chat.deps.hub.socketCount;
  await app.register(chatRoutes(chat.deps));
  await app.register(noticeCentreRoutes({ db }));
  // WhatsApp and SMS (docs/decisions/040-whatsapp-and-sms.md): the Messengers, their stand-ins, our webhooks, verified numbers.
  // Their status callbacks go to the dispatcher's deliveries (decision 038).
  const messaging = createMessaging(app, { config, db, log: app.log, statusSink: deps.deliveryStatusSink ?? notifications.statusSink });
  // Buttons on the notices and one-time links in the money notices (docs/decisions/062-whatsapp-buttons.md).
  registerSender(createWhatsAppSender(messaging, app.log, createWhatsAppNotices({ appUrl: config.appUrl, ...(deps.clock ? { now: deps.clock } : {}) })));
  registerSender(createSmsSender(messaging, app.log));
  const phoneCodeLimits = await registerMessagingRoutes(app, { config, db, jobs, messaging, chat: chat.deps, projects: projectDeps });
  // Invite your técnico (docs/decisions/064-invite-your-tecnico.md): the link goes by WhatsApp or SMS.
  await app.register(invitationsRoutes({ ...projectDeps, messengers: messaging.messengers, auth: authDeps }));
  // Signing in with a code to one's phone (docs/decisions/071-sign-in-with-a-code-to-your-phone.md).
  await app.register(phoneSignInRoutes({ ...authDeps, messengers: messaging.messengers, log: app.log, limits: phoneCodeLimits }));
  await app.register(
    chatSocketRoutes(chat.deps, {
      resolveUser,
      appUrl: config.appUrl,
      underPressure: () => app.isUnderPressure(),
      limiter: rateLimiter,
      limits: {
        ...(config.CHAT_SOCKETS_PER_ADDRESS === undefined ? {} : { perAddress: config.CHAT_SOCKETS_PER_ADDRESS }),
        ...(config.CHAT_UPGRADES_PER_ADDRESS === undefined ? {} : { upgradesPerAddress: config.CHAT_UPGRADES_PER_ADDRESS }),
      },
      ...deps.chat,
    }),
  );
  await registerWebApp(app, { distDir: deps.webDist, appUrl: config.appUrl, pageSources: directoryPageSources(directory), renderer: deps.webRenderer });

  const housekeeping = setInterval(() => {
    purgeExpiredRateLimits(db).catch((err: unknown) => app.log.warn({ err }, 'rate-limit purge failed'));
  }, 10 * 60_000);
  housekeeping.unref();

  app.addHook('onReady', async () => {
    await jobs.start();
    worker.start();
  });
  app.addHook('onClose', async () => {
    clearInterval(housekeeping);
    // The running jobs finish (up to the queue's stop timeout), then what a pending kick was for is delivered here.
    await jobs.stop();
    await worker.stop();
  });
  return Object.assign(app, {
    mailer,
    notifications,
    payments,
    chat,
    sessionCache,
    metrics,
    jobs,
    readiness,
    campaigns: campaignDeps,
    messaging,
  });
}
