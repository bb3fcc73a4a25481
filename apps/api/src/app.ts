import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import type { Config } from './config';
import type { Database } from './db/client';
import { loggerOptions } from './logger';
import databasePlugin from './plugins/database';
import errorsPlugin, { renderFrameworkError } from './plugins/errors';
import csrfPlugin from './plugins/csrf';
import authPlugin from './plugins/auth';
import storagePlugin from './plugins/storage';
import dependenciesPlugin from './plugins/dependencies';
import type { Storage } from './storage/storage';
import mailerPlugin from './plugins/mailer';
import jobsPlugin from './plugins/jobs';
import captchaPlugin from './plugins/captcha';
import sseHubPlugin from './plugins/sse-hub';
import contentVersionsPlugin from './plugins/content-versions';
import sessionLivenessPlugin from './plugins/session-liveness';
import securityEventsPlugin from './plugins/security-events';
import requestContextPlugin from './plugins/request-context';
import auditRoutes from './modules/audit/routes';
import gracefulClosePlugin from './plugins/graceful-close';
import appBuildPlugin from './plugins/app-build';
import securityHeadersPlugin from './plugins/security-headers';
import compressionPlugin from './plugins/compression';
import rateLimitsPlugin from './plugins/rate-limits';
import requestGuardsPlugin from './plugins/request-guards';
import pageDepthPlugin from './plugins/page-depth';
import openapiPlugin from './plugins/openapi';
import webStaticPlugin from './plugins/web-static';
import metricsPlugin from './plugins/metrics';
import expensiveListsPlugin from './plugins/expensive-lists';
import publicReadsPlugin from './plugins/public-reads';
import abandonedRequestsPlugin from './plugins/abandoned-requests';
import backgroundQueuesPlugin from './plugins/background-queues';
import connectionLimitsPlugin from './plugins/connection-limits';
import httpErrorsPlugin, { createClientErrorHandler, httpServerOptions } from './plugins/http-errors';
import bodyTimeoutPlugin from './plugins/body-timeout';
import { createHttpCounters } from './lib/http-counters';
import { proxyTrustOf } from './lib/trusted-proxies';
import { validatorCompiler } from './plugins/zod-validation';
import healthRoutes from './modules/health/routes';
import captchaRoutes from './modules/captcha/routes';
import devMailRoutes from './modules/dev-mail/routes';
import contactRoutes from './modules/contact/routes';
import uploadsRoutes from './modules/uploads/routes';
import advisorsPlugin from './modules/advisors/routes';
import opportunitiesRoutes from './modules/opportunities/routes';
import chatRoutes from './modules/chat/routes';
import dealsRoutes from './modules/deals/routes';
import offersRoutes from './modules/offers/routes';
import { UPLOAD_LIMITS } from '@safqa/shared/validation/uploads';
import lookupsRoutes from './modules/lookups/routes';
import faqsRoutes from './modules/faqs/routes';
import analyticsRoutes from './modules/analytics/routes';
import errorLogsRoutes from './modules/error-logs/routes';
import authModule from './modules/auth/routes';
import usersRoutes from './modules/users/routes';
import adminRoutes from './modules/admin/routes';
import reportsRoutes from './modules/reports/routes';
import seoRoutes from './modules/seo/routes';
import ogRoutes from './modules/seo/og-routes';
import savedSearchesRoutes from './modules/saved-searches/routes';
import notificationsRoutes from './modules/notifications/routes';
import dataRoomRoutes from './modules/data-room/routes';
import blocksRoutes from './modules/blocks/routes';
import verificationsRoutes from './modules/verifications/routes';
import insightsRoutes from './modules/insights/routes';

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** Where log lines go instead of stdout (tests that inspect them). */
  logStream?: DestinationStream;
  /** Run the background job loop (the server does; API tests call app.jobs.runDue themselves). */
  runJobs?: boolean;
  /** The file storage; by default the one the configuration asks for (storage/create-storage.ts). */
  storage?: Storage;
}

/** Builds the app without listening: external plugins, then app plugins, then modules (fastify/demo). */
export async function buildApp({
  config,
  database,
  logStream,
  runJobs = false,
  storage,
}: BuildAppOptions): Promise<FastifyInstance> {
  const httpCounters = createHttpCounters();
  const app = Fastify({
    logger: loggerOptions(config, logStream),
    bodyLimit: 1024 * 1024,
    // Trust X-Forwarded-For only from the load balancer (TRUST_PROXY; by default in production a peer
    // on a private network), and only the hops it added, so request.ip (and the per-IP rate limits)
    // is the real client, never a value a client wrote itself.
    trustProxy: proxyTrustOf(config),
    routerOptions: { maxParamLength: 200 },
    // The router's own refusals, before any hook runs, in API.md's error body like every other answer.
    frameworkErrors: renderFrameworkError,
    // Slow clients (docs/operations.md "Timeouts and connection caps"): headers have a deadline,
    // bodies a minimum rate (plugins/body-timeout.ts), idle kept-alive connections a limit, and what
    // Node refuses before any route answers API.md's error body (plugins/http-errors.ts).
    http: httpServerOptions(config),
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    clientErrorHandler: createClientErrorHandler(config, httpCounters),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // External plugins (the body watchdog first, so every request with a body is watched)
  await app.register(bodyTimeoutPlugin, { config, counters: httpCounters });
  await app.register(cookie);
  // One file per request; routes lower fileSize to their own cap (images 5 MB, documents 10 MB).
  await app.register(multipart, {
    limits: { files: 1, fileSize: UPLOAD_LIMITS.documentMaxBytes, fields: 10, fieldSize: 1024, parts: 11 },
  });
  await app.register(securityHeadersPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(rateLimitsPlugin, { config, database });

  // App plugins (the request context first, so every later hook and handler runs inside it)
  await app.register(requestContextPlugin);
  await app.register(databasePlugin, { database, config });
  await app.register(abandonedRequestsPlugin);
  await app.register(errorsPlugin);
  await app.register(connectionLimitsPlugin, { counters: httpCounters });
  await app.register(httpErrorsPlugin, { counters: httpCounters });
  await app.register(gracefulClosePlugin);
  await app.register(appBuildPlugin, { webDist: config.webDist });
  await app.register(csrfPlugin);
  await app.register(authPlugin);
  await app.register(storagePlugin, { storage });
  await app.register(dependenciesPlugin);
  await app.register(mailerPlugin);
  await app.register(jobsPlugin, { runLoop: runJobs });
  await app.register(captchaPlugin);
  await app.register(sseHubPlugin);
  await app.register(sessionLivenessPlugin);
  await app.register(securityEventsPlugin);
  await app.register(contentVersionsPlugin);
  // Before any route: they gate the routes marked `expensiveList` and `publicRead` as they are added.
  await app.register(expensiveListsPlugin);
  await app.register(publicReadsPlugin);
  await app.register(backgroundQueuesPlugin);
  await app.register(metricsPlugin);
  await app.register(requestGuardsPlugin);
  await app.register(pageDepthPlugin);
  // Before any route, so the OpenAPI document sees them all.
  await app.register(openapiPlugin);

  // Modules. Accounts first (the audit log names its actors), then the audit log: the areas that record
  // their writes take app.audit when they register.
  await app.register(usersRoutes);
  // After the accounts, whose address and language each notification's email takes; before every
  // area that notifies (app.notifier).
  await app.register(notificationsRoutes);
  await app.register(auditRoutes);
  await app.register(healthRoutes);
  await app.register(captchaRoutes);
  await app.register(devMailRoutes);
  await app.register(contactRoutes);
  await app.register(uploadsRoutes);
  await app.register(advisorsPlugin);
  await app.register(opportunitiesRoutes);
  // Before the areas that read blocks (chat, offers, the data room).
  await app.register(blocksRoutes);
  // Before offers: accepting an offer opens a deal.
  await app.register(dealsRoutes);
  await app.register(offersRoutes);
  // After offers: an owner may open a chat with whoever offered on their listing.
  await app.register(chatRoutes);
  await app.register(dataRoomRoutes);
  await app.register(lookupsRoutes);
  await app.register(faqsRoutes);
  await app.register(analyticsRoutes);
  await app.register(errorLogsRoutes);
  await app.register(authModule);
  await app.register(seoRoutes);
  await app.register(ogRoutes);
  await app.register(savedSearchesRoutes);
  // After saved searches: approving a listing queues its matching; reports act through admin.
  await app.register(adminRoutes);
  await app.register(insightsRoutes);
  await app.register(verificationsRoutes);
  await app.register(reportsRoutes);

  // Last: its catch-all route serves the web app for any page address no module claimed.
  await app.register(webStaticPlugin);

  return app;
}
