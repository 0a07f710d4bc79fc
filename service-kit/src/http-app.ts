import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { HTTP_LIMITS, capConnectionsPerAddress, timeoutOptions, type HttpLimits } from './connection-limits';
import { registerAnswerCompression } from './answer-compression';
import { registerCsrfProtection } from './csrf';
import { DatabaseOutage } from './database-outage';
import { registerErrorHandling } from './error-handler';
import { serveWebApp } from './web-app';
import { loggerOptions } from './logger';
import { registerSecurityHeaders } from './security-headers';

export interface HttpAppOptions {
  title: string;
  logLevel: string;
  /** Checks run by GET /healthz; it answers 200 only when every one passes. */
  healthChecks: Record<string, () => Promise<boolean>>;
  /** Details when the service still serves but is degraded (null when all is well): /healthz then says 'degraded' and adds them. */
  healthDegradation?: () => Promise<Record<string, unknown> | null>;
  /** Folder of the built web app to serve at `/` with deep links falling back to index.html. */
  webRoot?: string;
  /** Origins allowed to send state-changing requests besides the request's own host. */
  allowedOrigins?: string[];
  /** Behind the gateway: trust exactly one proxy hop, so the client address is the last X-Forwarded-For entry. */
  trustProxy?: boolean;
  /** PUBLIC_BASE_URL: its origin may send state-changing requests; https turns HSTS on. */
  publicBaseUrl?: string;
  /** Where request logs go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
  /** The process's view of its database (ServiceRuntime's), so requests and background loops log an outage once together. */
  databaseOutage?: DatabaseOutage;
  /** Timeouts and the per-address socket cap (HTTP_LIMITS); tests shrink them. */
  limits?: Partial<HttpLimits>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Plugins with loops of their own (the live socket's) report connection failures here. */
    databaseOutage: DatabaseOutage;
  }
}

// Only the immediate peer (the gateway) is trusted, so request.ip is the last X-Forwarded-For
// entry: the address the gateway saw. (Fastify's numeric hop count trusts no peer at all.)
const trustOneHop = (_address: string, hop: number) => hop === 0;

/** The Fastify instance every service starts from: zod validation, OpenAPI at /api/docs, errors, health. */
export async function createHttpApp(options: HttpAppOptions) {
  const limits = { ...HTTP_LIMITS, ...options.limits };
  const app = Fastify({
    logger: { ...loggerOptions(options.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) },
    bodyLimit: 1_048_576,
    trustProxy: options.trustProxy ? trustOneHop : false,
    ...timeoutOptions(limits),
  }).withTypeProvider<ZodTypeProvider>();
  // Behind the gateway every socket comes from it: the per-address cap is its limit_conn (deploy/gateway.conf).
  if (limits.connectionsPerAddress !== null && !options.trustProxy) capConnectionsPerAddress(app.server, limits.connectionsPerAddress);
  const outage = options.databaseOutage ?? new DatabaseOutage(app.log);
  app.decorate('databaseOutage', outage);
  // Set once the session is resolved, so request logs and security events name the member.
  app.decorateRequest('memberId', null);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app, { https: options.publicBaseUrl?.startsWith('https://') ?? false });
  await app.register(cookie);
  await registerAnswerCompression(app);
  registerCsrfProtection(app, { allowedOrigins: [...(options.allowedOrigins ?? []), ...(options.publicBaseUrl ? [options.publicBaseUrl] : [])] });
  const servesWeb = options.webRoot ? await serveWebApp(app, options.webRoot) : false;
  registerErrorHandling(app, { spaFallback: servesWeb, outage });
  await app.register(swagger, {
    openapi: { info: { title: options.title, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // A refused WebSocket upgrade (401, 403, 503) is answered as HTTP on a socket that left the HTTP
  // server at the upgrade: nothing would read another request on it or ever close it, so it closes here.
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers.upgrade === undefined) return payload;
    reply.header('connection', 'close');
    reply.raw.once('finish', () => request.raw.socket.end());
    return payload;
  });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const results = await Promise.all(Object.entries(options.healthChecks).map(async ([name, check]) => [name, await check().catch(() => false)] as const));
    const checks = Object.fromEntries(results);
    const healthy = results.every(([, ok]) => ok);
    // Degraded still answers 200: the platform serves, an operator has something to look at.
    const degradation = healthy ? await options.healthDegradation?.().catch(() => null) : null;
    return reply.status(healthy ? 200 : 503).send({ status: !healthy ? 'unavailable' : degradation ? 'degraded' : 'ok', checks, ...degradation });
  });
  return app;
}

export type CivitasApp = Awaited<ReturnType<typeof createHttpApp>>;

/** A service's routes as a Fastify plugin; it gets the zod type provider back with `zodRoutes`. */
export type CivitasPlugin<Options extends object> = FastifyPluginAsync<Options>;
export const zodRoutes = (instance: FastifyInstance) => instance.withTypeProvider<ZodTypeProvider>();
export type ZodRoutes = ReturnType<typeof zodRoutes>;
