import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyPluginAsync } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
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
}


/** The Fastify instance every service starts from: zod validation, OpenAPI at /api/docs, errors, health. */
export async function createHttpApp(options: HttpAppOptions) {
  const app = Fastify({ logger: loggerOptions(options.logLevel), bodyLimit: 1_048_576 }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
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
