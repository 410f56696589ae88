/** Wires OpenID Connect into the app: the bundled provider at /oidc (when enabled) and the API's token resolver. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { createBundledProvider } from './bundled-provider.ts';
import { oidcProviderRoutes } from './oidc-routes.ts';
import { useBundledVerifier } from './oidc-resolver.ts';
import { oidcSettings } from './oidc-settings.ts';

export async function installOidc(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const settings = oidcSettings(ctx.config);
  if (settings.mode !== 'bundled') return; // external: the resolver discovers the issuer on first use
  const bundled = await createBundledProvider(ctx, settings);
  useBundledVerifier(ctx, bundled);
  await app.register(async (scope) => oidcProviderRoutes(scope, ctx, bundled));
}
