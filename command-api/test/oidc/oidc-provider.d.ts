// oidc-provider ships no type declarations; this covers the little the tests use.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export interface ProviderContext {
    path: string;
    method: string;
    body: unknown;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Record<string, unknown>);
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    use(middleware: (ctx: ProviderContext, next: () => Promise<void>) => Promise<void>): void;
  }
}
