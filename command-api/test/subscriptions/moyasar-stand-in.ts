import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';

interface Invoice {
  id: string;
  status: string;
  amount: number;
  currency: string;
  description: string;
  callback_url: string;
  success_url: string;
  back_url: string;
  metadata: Record<string, string>;
  url: string;
  payments: Payment[];
}
interface Payment {
  id: string;
  status: string;
  amount: number;
  currency: string;
  invoice_id: string;
  metadata: null;
}

/**
 * How the stand-in behaves: as Moyasar does, or as a provider in trouble does (an error page,
 * an answer that is not JSON, JSON of another shape, or no answer at all, or an invoice made
 * whose answer is lost: an error page after it was created).
 */
export type StandInMode = 'working' | 'failing' | 'not-json' | 'wrong-shape' | 'hanging' | 'loses-invoice-answer';

/**
 * A local server that answers as Moyasar's documented v1 API does for invoices and
 * payments (HTTP Basic with the secret key), so the adapter is tested over real HTTP.
 */
export class MoyasarStandIn {
  readonly invoices = new Map<string, Invoice>();
  readonly payments = new Map<string, Payment>();
  readonly requests: Array<{ method: string; path: string; authorized: boolean }> = [];
  mode: StandInMode = 'working';
  private server: Server | null = null;
  private port = 0;
  url = '';

  constructor(private readonly secretKey: string) {}

  /** Listens on a free port, or on the port it had before a stop (so the server under test finds it again). */
  async start(): Promise<void> {
    if (this.server?.listening) return;
    this.server = createServer(async (request, response) => {
      const body = await readJson(request);
      if (this.mode === 'hanging') return; // never answers
      if (this.mode === 'failing') return response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Internal Server Error</body></html>');
      if (this.mode === 'not-json') return response.writeHead(200, { 'content-type': 'application/json' }).end('<html>maintenance</html>');
      if (this.mode === 'wrong-shape') return response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ message: 'ok' }));
      const authorized = request.headers.authorization === `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`;
      const path = (request.url ?? '').replace(/^\/v1/, '');
      this.requests.push({ method: request.method ?? '', path, authorized });
      const send = (status: number, payload: unknown) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(payload));
      };
      if (!authorized) return send(401, { type: 'authentication_error', message: 'Invalid authorization credentials' });
      if (request.method === 'POST' && path === '/invoices') {
        const id = randomUUID();
        const invoice: Invoice = {
          id,
          status: 'initiated',
          amount: body.amount,
          currency: body.currency,
          description: body.description,
          callback_url: body.callback_url,
          success_url: body.success_url,
          back_url: body.back_url,
          metadata: body.metadata,
          url: `${this.url}/invoices/${id}`,
          payments: [],
        };
        this.invoices.set(id, invoice);
        if (this.mode === 'loses-invoice-answer')
          return response.writeHead(500, { 'content-type': 'text/html' }).end('<html><body>Gateway Timeout</body></html>');
        return send(201, invoice);
      }
      if (request.method === 'GET' && path.startsWith('/invoices?')) {
        // List Invoices, filtered by metadata[key]=value as Moyasar documents it.
        const filters = [...new URL(path, 'http://stand-in').searchParams].flatMap(
          ([key, value]) =>
            key
              .match(/^metadata\[(.+)\]$/)
              ?.slice(1)
              .map((name) => [name, value] as const) ?? [],
        );
        const invoices = [...this.invoices.values()].filter((candidate) => filters.every(([name, value]) => candidate.metadata?.[name] === value));
        return send(200, { invoices, meta: { current_page: 1, next_page: null, prev_page: null, total_pages: 1, total_count: invoices.length } });
      }
      const invoice = path.match(/^\/invoices\/([^/]+)$/);
      if (request.method === 'GET' && invoice)
        return this.invoices.has(invoice[1]!) ? send(200, this.invoices.get(invoice[1]!)) : send(404, { type: 'record_not_found' });
      const payment = path.match(/^\/payments\/([^/]+)$/);
      if (request.method === 'GET' && payment)
        return this.payments.has(payment[1]!) ? send(200, this.payments.get(payment[1]!)) : send(404, { type: 'record_not_found' });
      send(404, { type: 'not_found' });
    });
    await new Promise<void>((resolve) => this.server!.listen(this.port, '127.0.0.1', resolve));
    const address = this.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
    this.url = `http://127.0.0.1:${this.port}/v1`;
  }

  /** Closes the port: connections to it are refused until the next start. */
  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => this.server?.close(resolve));
  }

  /** The member pays (or fails to pay) on Moyasar's page. */
  attempt(invoiceId: string, status: 'paid' | 'failed', amount?: number): Payment {
    const invoice = this.invoices.get(invoiceId)!;
    const payment: Payment = { id: randomUUID(), status, amount: amount ?? invoice.amount, currency: invoice.currency, invoice_id: invoiceId, metadata: null };
    this.payments.set(payment.id, payment);
    invoice.payments.push(payment);
    if (status === 'paid') invoice.status = 'paid';
    return payment;
  }

  webhook(type: string, payment: Payment, secretToken: string) {
    return { id: randomUUID(), type, created_at: new Date().toISOString(), secret_token: secretToken, account_name: null, live: false, data: payment };
  }
}

async function readJson(request: IncomingMessage): Promise<any> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text ? JSON.parse(text) : undefined;
}
