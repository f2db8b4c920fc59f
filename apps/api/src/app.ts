import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { UPLOAD_MAX_BYTES } from '@backoffice/contracts';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type { JSONWebKeySet } from 'jose';
import type { Config } from './config.ts';
import type { Db } from './db/db.ts';
import { bundlesRoutes, bundleTaskReferences } from './domains/bundles/index.ts';
import { carriersRoutes } from './domains/carriers/index.ts';
import { channelListingImportJob, channelsRoutes, registerChannels } from './domains/channels/index.ts';
import { configurationReferences, configurationRoutes, mailSettingsLoader } from './domains/configuration/index.ts';
import { consignmentInvoiceReferences, consignmentInvoicesRoutes } from './domains/consignment-invoices/index.ts';
import { creditNoteReferences, creditNotesRoutes, registerCreditNotes } from './domains/credit-notes/index.ts';
import { currenciesRoutes } from './domains/currencies/index.ts';
import { dashboardsRoutes, registerAnalytics, registerBiReportFrames } from './domains/dashboards/index.ts';
import { draftsRoutes, registerDraftPurge } from './domains/drafts/index.ts';
import { goodsReceivedNotesRoutes, grnReferences } from './domains/goods-received-notes/index.ts';
import { registerEmbeddedIdentityProvider, registerPublicAddressCheck } from './domains/identity/index.ts';
import { importsRoutes, registerImports } from './domains/imports/index.ts';
import { inventoryImportsRoutes, runInventoryImport } from './domains/inventory-imports/index.ts';
import { masterDataRoutes } from './domains/master-data/index.ts';
import { partnersRoutes } from './domains/partners/index.ts';
import { pickListReferences, pickListsRoutes } from './domains/pick-lists/index.ts';
import { platformRoutes } from './domains/platform/index.ts';
import { productReferences, productsRoutes, runProductImport } from './domains/products/index.ts';
import { purchaseInvoiceReferences, purchaseInvoicesRoutes } from './domains/purchase-invoices/index.ts';
import { purchaseOrderReferences, purchaseOrdersRoutes } from './domains/purchase-orders/index.ts';
import { purchasingLookupsRoutes } from './domains/purchasing-lookups/index.ts';
import { registerFifoProcess, reportsRoutes } from './domains/reports/index.ts';
import { returnTicketReferences, returnTicketsRoutes } from './domains/return-tickets/index.ts';
import { rmaReferences, rmasRoutes } from './domains/rmas/index.ts';
import { runSalesInvoiceUpload, salesInvoiceReferences, salesInvoicesRoutes } from './domains/sales-invoices/index.ts';
import { settlementReferences, settlementsRoutes } from './domains/settlements/index.ts';
import { registerShipLists, shipListReferences, shipListsRoutes } from './domains/ship-lists/index.ts';
import { shippingClaimReferences, shippingClaimsRoutes } from './domains/shipping-claims/index.ts';
import { registerCheckpoints, stockAreaRoutes, stockReferences } from './domains/stock/index.ts';
import { stockCountReferences, stockCountsRoutes } from './domains/stock-counts/index.ts';
import { stockTransfersRoutes, transferReferences } from './domains/stock-transfers/index.ts';
import { systemLogsRoutes } from './domains/system-logs/index.ts';
import { uploadsRoutes } from './domains/uploads/index.ts';
import { usersRoutes } from './domains/users/index.ts';
import { warehousesRoutes } from './domains/warehouses/index.ts';
import { createAuthenticator } from './platform/auth.ts';
import { AppError, answerClientError, DATABASE_RETRY_AFTER_SECONDS, fromDatabaseError } from './platform/errors.ts';
import { type JobRunnerOptions, jobsRoutes, registerJobRunner } from './platform/jobs/index.ts';
import { createLogger, logsRequests } from './platform/logging.ts';
import { createMailer } from './platform/mail.ts';
import { registerMailQueue } from './platform/mail-queue.ts';
import { type AreaReferences, registerReferences } from './platform/references.ts';
import { type RouteEntry, registerRoutes, requireDeclaredPermission } from './platform/routes.ts';
import { secretBoxFor } from './platform/secrets.ts';
import { baseSecurityHeaders, contentSecurityPolicy, type FrameSources } from './platform/security-headers.ts';
import { issueXsrfCookie } from './platform/xsrf.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Tests pass false to keep the log quiet. */
  logger?: boolean;
  /** The job runner's settings (tests: a server id, shorter intervals, no automatic start). */
  jobs?: Partial<JobRunnerOptions>;
  /** Where the web app may show frames; by default the origins of the active BI reports (Management Dashboards). */
  frameSources?: FrameSources;
}

/** The one list of areas: each contributes its route entries. */
export function apiRoutes(config: Config): RouteEntry[] {
  return [
    ...platformRoutes(config),
    ...jobsRoutes,
    ...usersRoutes({ passwordsManagedHere: config.oidc.embedded }),
    ...systemLogsRoutes,
    ...draftsRoutes,
    ...uploadsRoutes,
    ...masterDataRoutes,
    ...partnersRoutes,
    ...currenciesRoutes,
    ...carriersRoutes,
    ...productsRoutes,
    ...importsRoutes,
    ...inventoryImportsRoutes,
    ...warehousesRoutes,
    ...stockAreaRoutes,
    ...reportsRoutes,
    ...dashboardsRoutes,
    ...stockCountsRoutes,
    ...stockTransfersRoutes,
    ...purchaseOrdersRoutes,
    ...bundlesRoutes,
    ...goodsReceivedNotesRoutes,
    ...rmasRoutes,
    ...settlementsRoutes(config),
    ...purchasingLookupsRoutes,
    ...purchaseInvoicesRoutes,
    ...consignmentInvoicesRoutes,
    ...salesInvoicesRoutes,
    ...pickListsRoutes,
    ...shipListsRoutes,
    ...shippingClaimsRoutes,
    ...returnTicketsRoutes,
    ...creditNotesRoutes,
    ...configurationRoutes(config),
    ...channelsRoutes(config),
  ];
}

/**
 * What each area's records hold of other areas' records (platform/references.ts), so that deleting a held
 * record answers 409 IN_USE naming its holders, in this order. A new area adds its entry here.
 */
export const referenceHolders: readonly AreaReferences[] = [
  configurationReferences,
  productReferences,
  stockReferences,
  bundleTaskReferences,
  transferReferences,
  purchaseOrderReferences,
  stockCountReferences,
  grnReferences,
  rmaReferences,
  settlementReferences,
  purchaseInvoiceReferences,
  consignmentInvoiceReferences,
  salesInvoiceReferences,
  pickListReferences,
  shipListReferences,
  shippingClaimReferences,
  returnTicketReferences,
  creditNoteReferences,
];

export async function buildApp({
  config,
  db,
  logger = true,
  jobs,
  frameSources: givenFrameSources,
}: BuildOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? { loggerInstance: createLogger(config.log) } : { logger: false }),
    logController: new LogController({ disableRequestLogging: !logsRequests(config.log) }),
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    // Errors Node's parser meets before Fastify sees a request (headers too large, say) get the usual body.
    clientErrorHandler: answerClientError,
    // The router's own refusals (a malformed %-escape, a path segment over 100 characters) get the usual body too.
    frameworkErrors: (error, _request, reply) => {
      const appError = toAppError(error);
      (reply as FastifyReply).status(appError.status).send(appError.toBody());
    },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('user', null);

  // Every route declares who may call it; a route without a declaration stops the server starting.
  app.addHook('onRoute', requireDeclaredPermission);

  // The BI reports registered in Management Dashboards are the only addresses the browser may frame.
  const biReportFrameSources = registerBiReportFrames(app, db);
  const frameSources = givenFrameSources ?? biReportFrameSources;
  const baseHeaders = baseSecurityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('x-request-id', request.id);
    // The sign-in pages send a stricter policy of their own (a nonce for their one script): that one stays.
    for (const [name, value] of Object.entries(baseHeaders)) if (!reply.hasHeader(name)) reply.header(name, value);
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', contentSecurityPolicy(config, frameSources()));
    if (request.url.startsWith('/api')) {
      issueXsrfCookie(request, reply, config.publicUrl.startsWith('https:'));
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });

  // The web app says JSON on every request, a DELETE without a body included: an empty body is no body.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text === '') return done(null, undefined);
    parseJson(request, text, done);
  });
  await app.register(fastifyCookie);
  // One file per request, at most 10 MB (specification section 9); the type is checked by content.
  await app.register(fastifyMultipart, {
    limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  });
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Back Office API',
        version: '1',
        description:
          'Every route names its permission. Errors answer { code, message, details }. State-changing requests carry the XSRF-TOKEN cookie in the X-XSRF-TOKEN header.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toAppError(error);
    // The database is away (restarting, unreachable): the client may try again shortly; not a bug.
    if (appError.status === 503) {
      request.log.warn({ code: appError.code, err: { message: error.message } }, appError.message);
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
    } else if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else if (error.code === 'FST_ERR_VALIDATION' && !hasZodFastifySchemaValidationErrors(error))
      request.log.error({ err: error }, 'a contract check threw instead of refusing');
    else request.log.info({ code: appError.code }, appError.message);
    return reply.status(appError.status).send(appError.toBody());
  });

  let jwks: JSONWebKeySet | undefined;
  // A browser's page opened at another address than PUBLIC_URL is told where the product is (sign-in needs it).
  registerPublicAddressCheck(app, config);
  // One mailer per server (platform/mail.ts), for every area that sends mail: Configuration's SMTP settings,
  // else the environment's, read again before each message and after each change.
  const mailer = createMailer(config.mail, { load: mailSettingsLoader(db, secretBoxFor(config)), log: app.log });
  app.decorate('mailer', mailer);
  app.addHook('onReady', async () => {
    await mailer.refresh().catch((err: unknown) => app.log.warn({ err }, 'mail settings could not be read'));
  });
  app.addHook('onClose', async () => mailer.close());
  if (config.oidc.embedded) jwks = (await registerEmbeddedIdentityProvider(app, { db, config, mailer })).jwks;
  const authenticate = createAuthenticator(config, db, jwks);
  registerReferences(referenceHolders);
  registerRoutes(app, apiRoutes(config), { db, authenticate });
  // The platform's job runner first; the areas register their job kinds and event handlers with it.
  registerJobRunner(app, db, jobs);
  registerMailQueue(app);
  registerDraftPurge(app);
  registerImports(app, {
    products: runProductImport,
    inventory: runInventoryImport,
    sales_invoices: runSalesInvoiceUpload,
    channel_listings: channelListingImportJob(() => app.jobs),
  });
  registerFifoProcess(app);
  registerCheckpoints(app);
  registerShipLists(app);
  registerCreditNotes(app);
  registerChannels(app, config);
  registerAnalytics(app);

  const webDist = config.webDistDir ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');
  if (existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: true,
      // The build writes .br and .gz copies (apps/web/scripts/compress.mjs).
      preCompressed: true,
      setHeaders: (reply, file) => {
        reply.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/api') || request.method !== 'GET' || !existsSync(path.join(webDist, 'index.html')))
      return reply
        .status(404)
        .send({ code: 'ROUTE_NOT_FOUND', message: `No route ${request.method} ${request.url.split('?')[0]}.` });
    return reply.type('text/html').sendFile('index.html');
  });
  return app;
}

export function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((v) => ({
      path: `${error.validationContext ?? ''}${v.instancePath.replace(/\//g, '.')}`,
      message: v.message ?? 'is not valid',
    }));
    return new AppError(
      400,
      'VALIDATION_FAILED',
      `Some values are not valid: ${issues.map((i) => `${i.path.replace(/^body\.?/, '') || 'body'}: ${i.message}`).join('; ')}`,
      { issues },
    );
  }
  // A contract's own check threw on a value it was handed (a bug in that check, logged as one): the value is
  // still refused, in words, and nothing runs.
  if (error.code === 'FST_ERR_VALIDATION')
    return new AppError(
      400,
      'VALIDATION_FAILED',
      'Some values are not valid: the request does not have the shape this address expects.',
    );
  if (isResponseSerializationError(error))
    return new AppError(500, 'INTERNAL', 'The server built an answer it could not send.');
  const fromDb = fromDatabaseError(error);
  if (fromDb) return fromDb;
  const status = error.statusCode ?? 500;
  if (status === 413) return new AppError(413, 'PAYLOAD_TOO_LARGE', 'The request is too large.');
  if (status === 415) return new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'This content type is not accepted here.');
  if (error.code === 'FST_ERR_BAD_URL')
    return new AppError(400, 'BAD_REQUEST', 'The address is not valid: it has a malformed %-escape.');
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return new AppError(414, 'BAD_REQUEST', 'A value in the address is longer than 100 characters.');
  if (status >= 400 && status < 500)
    return new AppError(
      status,
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || /JSON/i.test(error.message) ? 'INVALID_JSON' : 'BAD_REQUEST',
      error.message,
    );
  return new AppError(500, 'INTERNAL', 'Something went wrong on the server. It has been logged.');
}
