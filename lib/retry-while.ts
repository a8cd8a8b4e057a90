/**
 * Runs `attempt` and runs it again, up to `attempts` times in all, while it fails with an error
 * `retryable` accepts (waiting `waitMs` × the attempt's number in between); any other error, and the
 * last attempt's, is thrown. For failures that left nothing behind: a send the node refused, a
 * transaction the database rolled back.
 */
export async function retryWhile<T>(retryable: (err: unknown) => boolean, attempt: () => Promise<T>, { attempts = 5, waitMs = 50 }: { attempts?: number; waitMs?: number } = {}): Promise<T> {
  for (let n = 1; ; n++) {
    try {
      return await attempt();
    } catch (err) {
      if (n >= attempts || !retryable(err)) throw err;
      await new Promise((r) => setTimeout(r, waitMs * n));
    }
  }
}
