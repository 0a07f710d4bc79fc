/** Makes `count` things, `concurrency` at a time (registrations: argon2 hashing makes them slow). */
export async function inBatches<T>(count: number, concurrency: number, make: (index: number) => Promise<T>): Promise<T[]> {
  const made: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        made[index] = await make(index);
      }
    }),
  );
  return made;
}
