/**
 * Polls until `check` passes (it throws until then), for what another app or process hears a moment
 * after a commit (NOTIFY) or does in the background; rethrows its last failure after `timeoutMs`.
 */
export async function eventually(check: () => Promise<void> | void, timeoutMs = 3000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}
