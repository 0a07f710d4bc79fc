import { z } from 'zod';

/** Reads a JSON body and checks it against the contract, naming the endpoint on mismatch. */
export async function parseResponse<Schema extends z.ZodType>(response: Response, schema: Schema, endpoint: string): Promise<z.output<Schema>> {
  const result = schema.safeParse(await response.json());
  if (!result.success) {
    throw new Error(`Unexpected response from ${endpoint}: ${z.prettifyError(result.error)}`);
  }
  return result.data;
}
