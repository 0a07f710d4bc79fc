/**
 * Polls until `read` gives a value `accept` takes. Events become visible only once every
 * older transaction in the PostgreSQL cluster has ended (ARCHITECTURE.md, snapshot rule), so
 * a test on a shared server reads its own appends after a short, unbounded-looking delay.
 */
export async function eventually<T>(read: () => Promise<T>, accept: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (accept(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
