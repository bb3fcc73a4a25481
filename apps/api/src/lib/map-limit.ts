/**
 * `run` over every item, at most `limit` at a time, results in the items' order. For many calls to a
 * remote service (a bucket's HEAD per file): all at once, hundreds of them queue behind the client's
 * sockets and each one's timeout runs while it waits.
 */
export async function mapLimit<T, R>(
  items: readonly T[],
  limit: number,
  run: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await run(items[index]!, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker));
  return results;
}
