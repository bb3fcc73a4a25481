/**
 * The server's log destination: lines gathered and written to stdout together, at most `maxDelayMs`
 * after the first of a batch or as soon as `maxBytes` are waiting, and synchronously at exit. Writing
 * each line on its own (pino's default) cost a system call per line, two per request: a tenth of
 * the CPU of a chat message. What a SIGKILL can lose is the last `maxDelayMs` of lines.
 */
export interface BatchedLogStream {
  write(line: string): void;
  flush(): void;
}

export function createBatchedLogStream({
  maxDelayMs = 100,
  maxBytes = 16 * 1024,
  output = (chunk: string) => void process.stdout.write(chunk),
  onExit = (flush: () => void) => void process.once('exit', flush),
}: {
  maxDelayMs?: number;
  maxBytes?: number;
  output?: (chunk: string) => void;
  /** Registers the last flush (stdout writes to pipes and files are synchronous on Linux). */
  onExit?: (flush: () => void) => void;
} = {}): BatchedLogStream {
  let pending = '';
  let timer: NodeJS.Timeout | null = null;

  function flush() {
    if (timer) {
      clearTimeout(timer);
      timer = null;
    }
    if (!pending) return;
    const chunk = pending;
    pending = '';
    output(chunk);
  }

  onExit(flush);
  return {
    write(line) {
      pending += line;
      if (pending.length >= maxBytes) flush();
      else if (!timer) {
        timer = setTimeout(flush, maxDelayMs);
        // Waiting lines never keep the process alive: the exit flush writes them.
        timer.unref();
      }
    },
    flush,
  };
}
