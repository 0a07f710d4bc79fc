import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { DestinationStream } from 'pino';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { registerCsrfProtection } from './csrf';
import { registerErrorHandling } from './error-handler';
import { serveWebApp } from './web-app';
import { loggerOptions } from './logger';

export interface HttpAppOptions {
  title: string;
  logLevel: string;
  /** Checks run by GET /healthz; it answers 200 only when every one passes. */
  healthChecks: Record<string, () => Promise<boolean>>;
  /** Folder of the built web app to serve at `/` with deep links falling back to index.html. */
  webRoot?: string;
  /** Origins allowed to send state-changing requests besides the request's own host. */
  allowedOrigins?: string[];
  /** Behind a gateway, the client address comes from X-Forwarded-For. */
  trustProxy?: boolean;
  /** Where request logs go (stdout by default); tests capture them. */
  logStream?: DestinationStream;
}


/** The Fastify instance every service starts from: zod validation, OpenAPI at /api/docs, errors, health. */
export async function createHttpApp(options: HttpAppOptions) {
  const app = Fastify({ logger: { ...loggerOptions(options.logLevel), ...(options.logStream ? { stream: options.logStream } : {}) }, bodyLimit: 1_048_576, trustProxy: options.trustProxy ?? false }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await app.register(cookie);
  registerCsrfProtection(app, { allowedOrigins: options.allowedOrigins ?? [] });
  const servesWeb = options.webRoot ? await serveWebApp(app, options.webRoot) : false;
  registerErrorHandling(app, { spaFallback: servesWeb });
  await app.register(swagger, {
    openapi: { info: { title: options.title, version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const results = await Promise.all(
      Object.entries(options.healthChecks).map(async ([name, check]) => [name, await check().catch(() => false)] as const),
    );
    const checks = Object.fromEntries(results);
    const healthy = results.every(([, ok]) => ok);
    return reply.status(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable', checks });
  });
  return app;
}

export type CivitasApp = Awaited<ReturnType<typeof createHttpApp>>;

/** A service's routes as a Fastify plugin; it gets the zod type provider back with `zodRoutes`. */
export type CivitasPlugin<Options extends object> = FastifyPluginAsync<Options>;
export const zodRoutes = (instance: FastifyInstance) => instance.withTypeProvider<ZodTypeProvider>();
export type ZodRoutes = ReturnType<typeof zodRoutes>;
