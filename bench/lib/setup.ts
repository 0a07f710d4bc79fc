/** The body of an answer that must have this status (a bench's setup stops on anything else). */
export async function expectStatus(what: string, response: Response, status: number): Promise<any> {
  const body = await response.json().catch(() => null);
  if (response.status !== status) throw new Error(`${what}: expected ${status}, got ${response.status} ${JSON.stringify(body)}`);
  return body;
}

/** Makes `count` things, `concurrency` at a time (registrations: argon2 hashing makes them slow). */
export async function inBatches<T>(count: number, concurrency: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array(count);
  let next = 0;
  await Promise.all(Array.from({ length: concurrency }, async () => {
    while (next < count) {
      const index = next++;
      made[index] = await make(index);
    }
  }));
  return made;
}
