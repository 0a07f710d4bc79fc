import { BadGatewayError, ServiceUnavailableError } from '@civitas/events';
import { z } from 'zod';

/** The parts of Moyasar's invoice and payment objects we rely on (amounts in halalas). */
export const MoyasarInvoice = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  url: z.string(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
  payments: z.array(z.object({ id: z.string(), status: z.string(), amount: z.number().int(), currency: z.string() })).nullish(),
});
export type MoyasarInvoice = z.infer<typeof MoyasarInvoice>;
const MoyasarInvoiceList = z.object({ invoices: z.array(MoyasarInvoice) });

export const MoyasarPayment = z.object({
  id: z.string(),
  status: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  invoice_id: z.string().nullish(),
  metadata: z.record(z.string(), z.unknown()).nullish(),
});
export type MoyasarPayment = z.infer<typeof MoyasarPayment>;

export interface CreateInvoice {
  amount: number;
  currency: 'SAR';
  description: string;
  callbackUrl: string;
  successUrl: string;
  backUrl: string;
  metadata: Record<string, string>;
}

export const PROVIDER_UNREACHABLE = 'The payment provider cannot be reached right now. Please try again in a minute.';
export const PROVIDER_BAD_ANSWER = 'The payment provider sent an answer we could not use. Please try again later.';
/** What Retry-After says while the provider cannot be reached. */
const UNREACHABLE_RETRY_SECONDS = 30;
/** A member waits for the invoice, and a webhook delivery for the payment: neither waits long (docs/decisions.md, Subscriptions). */
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * Moyasar has no such invoice or payment (404). A 502 where we expected one to exist; a webhook
 * naming one is ignored instead (docs/decisions.md, Subscriptions).
 */
export class MoyasarRecordNotFound extends BadGatewayError {
  constructor(readonly record: 'invoice' | 'payment') {
    super(PROVIDER_BAD_ANSWER);
  }
}

/** Moyasar's REST API with the secret key (HTTP Basic, key as user name, empty password). */
export class MoyasarClient {
  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
    private readonly options: { timeoutMs?: number } = {},
  ) {}

  createInvoice(input: CreateInvoice): Promise<MoyasarInvoice> {
    return this.request('POST', '/invoices', MoyasarInvoice, {
      amount: input.amount,
      currency: input.currency,
      description: input.description,
      callback_url: input.callbackUrl,
      success_url: input.successUrl,
      back_url: input.backUrl,
      metadata: input.metadata,
    });
  }

  /** The invoice whose metadata holds these values (List Invoices filters by metadata), or null. */
  async findInvoice(metadata: Record<string, string>): Promise<MoyasarInvoice | null> {
    const query = new URLSearchParams(Object.entries(metadata).map(([key, value]): [string, string] => [`metadata[${key}]`, value]));
    const { invoices } = await this.request('GET', `/invoices?${query}`, MoyasarInvoiceList);
    // Checked here too: an invoice is ours only if its metadata says so.
    return invoices.find((invoice) => Object.entries(metadata).every(([key, value]) => invoice.metadata?.[key] === value)) ?? null;
  }

  fetchInvoice(id: string): Promise<MoyasarInvoice> {
    return this.request('GET', `/invoices/${encodeURIComponent(id)}`, MoyasarInvoice);
  }

  fetchPayment(id: string): Promise<MoyasarPayment> {
    return this.request('GET', `/payments/${encodeURIComponent(id)}`, MoyasarPayment);
  }

  /**
   * One call, its answer checked: unreachable (refused, reset, timed out) is a 503 with
   * Retry-After, an error status or an answer of another shape a 502; nothing here is a 500.
   */
  private async request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const record = path.split(/[/?]/)[1] === 'invoices' ? 'invoice' : 'payment';
    let answer: { status: number; text: string };
    try {
      const response = await fetch(`${this.apiUrl.replace(/\/$/, '')}${path}`, {
        method,
        headers: {
          authorization: `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        // Covers the body too: a provider that sends headers and then stalls times out as well.
        signal: AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS),
      });
      answer = { status: response.status, text: await response.text() };
    } catch {
      throw new ServiceUnavailableError(PROVIDER_UNREACHABLE, UNREACHABLE_RETRY_SECONDS);
    }
    if (answer.status === 404) throw new MoyasarRecordNotFound(record);
    if (answer.status < 200 || answer.status > 299) throw new BadGatewayError(PROVIDER_BAD_ANSWER);
    const parsed = schema.safeParse(parseJson(answer.text));
    if (!parsed.success) throw new BadGatewayError(PROVIDER_BAD_ANSWER);
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
