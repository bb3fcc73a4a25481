import http from 'node:http';

/** Latency percentiles and throughput of one measured run. */
export interface Stats {
  p50: number;
  p95: number;
  p99: number;
  rps: number;
  count: number;
  errors: number;
}

export function stats(latencies: number[], seconds: number, errors = 0): Stats {
  const sorted = latencies.slice().sort((a, b) => a - b);
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
  return {
    p50: at(50),
    p95: at(95),
    p99: at(99),
    rps: latencies.length / seconds,
    count: latencies.length,
    errors,
  };
}

export interface OpenLoopOptions {
  /** The base URL, e.g. http://127.0.0.1:3000. */
  url: string;
  /** The path of the i-th request (rotating through a set, or a fresh one each time). */
  path: (i: number) => string;
  seconds: number;
  rate: number;
  headers?: Record<string, string>;
  /** Which statuses count as answered; 200 only by default. */
  ok?: (status: number) => boolean;
}

/**
 * Open loop: one request every 1000/rate ms, evenly spaced, whatever the answers take (a new
 * connection when all are busy), each timed from when it was due, so a slow answer cannot hide the
 * wait of the ones behind it (no coordinated omission). Failed answers are counted, not timed.
 */
export async function openLoop(options: OpenLoopOptions): Promise<Stats & { statuses: Map<number, number> }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const ok = options.ok ?? ((status: number) => status === 200);
  const latencies: number[] = [];
  const statuses = new Map<number, number>();
  let errors = 0;
  const total = Math.max(1, Math.round(options.seconds * options.rate));
  const started = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = started + (i * 1000) / options.rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    pending.push(
      new Promise<void>((resolve) => {
        const request = http.get(
          `${options.url}${options.path(i)}`,
          { agent, headers: options.headers },
          (response) => {
            response.resume();
            response.on('end', () => {
              const status = response.statusCode ?? 0;
              statuses.set(status, (statuses.get(status) ?? 0) + 1);
              if (ok(status)) latencies.push(performance.now() - due);
              else errors += 1;
              resolve();
            });
          },
        );
        request.on('error', () => {
          statuses.set(0, (statuses.get(0) ?? 0) + 1);
          errors += 1;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  return { ...stats(latencies, (performance.now() - started) / 1000, errors), statuses };
}
