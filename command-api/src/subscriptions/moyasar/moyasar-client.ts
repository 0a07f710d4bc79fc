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

export class MoyasarError extends Error {}

/** Moyasar's REST API with the secret key (HTTP Basic, key as user name, empty password). */
export class MoyasarClient {
  constructor(
    private readonly apiUrl: string,
    private readonly secretKey: string,
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

  fetchInvoice(id: string): Promise<MoyasarInvoice> {
    return this.request('GET', `/invoices/${encodeURIComponent(id)}`, MoyasarInvoice);
  }

  fetchPayment(id: string): Promise<MoyasarPayment> {
    return this.request('GET', `/payments/${encodeURIComponent(id)}`, MoyasarPayment);
  }

  private async request<T>(method: string, path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
    const response = await fetch(`${this.apiUrl.replace(/\/$/, '')}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${this.secretKey}:`).toString('base64')}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    if (!response.ok) throw new MoyasarError(`Moyasar answered ${response.status} to ${method} ${path.split('/').slice(0, 2).join('/')}`);
    const parsed = schema.safeParse(await response.json());
    if (!parsed.success) throw new MoyasarError(`Moyasar sent an unexpected ${path.split('/')[1]} object`);
    return parsed.data;
  }
}
