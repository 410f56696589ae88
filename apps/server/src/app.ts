/**
 * Builds the HTTP app: the `/api` routes of every domain, auth resolution and the error envelope.
 * It only builds; `runtime.ts` opens the database, queue and listeners around it.
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import type { AppContext } from './context.ts';
import { authenticate } from './auth/authenticate.ts';
import { installErrorHandler } from './http/error-handler.ts';
import { installInputChecks } from './http/hostile-input.ts';
import { installSecurityHeaders } from './http/security-headers.ts';
import { healthRoutes } from './http/health-routes.ts';
import { openApiRoutes, trackRoutes } from './http/openapi-routes.ts';
import { installWebApp } from './http/web-app.ts';
import { uploadRoutes } from './intake/upload-routes.ts';
import { processingRoutes } from './jobs/processing-routes.ts';
import { imageRoutes } from './images/image-routes.ts';
import { authRoutes } from './accounts/auth-routes.ts';
import { userRoutes } from './accounts/user-routes.ts';
import { settingsRoutes } from './accounts/settings-routes.ts';
import { apiKeyRoutes } from './accounts/apikey-routes.ts';
import { adminRoutes } from './admin/admin-routes.ts';
import { billingRoutes } from './billing/billing-routes.ts';
import { sftpRoutes } from './sftp/sftp-routes.ts';
import { marketplaceRoutes } from './marketplace/marketplace-routes.ts';
import { webhookRoutes } from './delivery/webhook-routes.ts';
import { installRateLimits } from './auth/rate-limits.ts';
import { installOidc } from './auth/oidc/install-oidc.ts';

const API_ROUTES = [
  healthRoutes, openApiRoutes,
  // intake -> jobs -> images
  uploadRoutes, processingRoutes, imageRoutes,
  // accounts and admin
  authRoutes, userRoutes, settingsRoutes, apiKeyRoutes, adminRoutes,
  // money, delivery channels
  billingRoutes, sftpRoutes, marketplaceRoutes, webhookRoutes,
];

export async function buildApp(ctx: AppContext): Promise<FastifyInstance> {
  const app = Fastify({
    // pino's Logger and Fastify's logger type differ only in generics.
    loggerInstance: ctx.logger as unknown as FastifyBaseLogger,
    bodyLimit: 1024 * 1024,
    // A union-typed value trips Fastify's overloads (they pick the HTTP/2 one); the value is one of its accepted forms.
    trustProxy: ctx.config.TRUST_PROXY as boolean,
    genReqId: () => crypto.randomUUID(),
  });
  installSecurityHeaders(app, ctx.config);
  installErrorHandler(app);
  installInputChecks(app);
  trackRoutes(app);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Ladingwise API', version: '1.0.0', description: 'Bills of lading to EDI X12 204/211.' },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer' },
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
  });
  app.decorateRequest('principal', null);
  app.addHook('onRequest', async (request) => authenticate(ctx, request));
  await installRateLimits(app, ctx);
  await app.register(
    async (api) => {
      for (const routes of API_ROUTES) await api.register(async (scope) => routes(scope, ctx));
    },
    { prefix: '/api' },
  );
  await installOidc(app, ctx);
  await installWebApp(app);
  return app;
}
