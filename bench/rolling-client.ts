/**
 * The client side of bench/rolling.ts: requests through HAProxy timed per phase of the run, and the
 * event streams of many users, each reopened and resynced when a process going away closes it.
 */
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { openSse, type SseConnection } from '../apps/api/src/test/sse-client';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Re-runs this script under a shell that raises the open-files limit when it is too low. */
export function ensureFileLimit(fdsNeeded: number) {
  const soft = Number(execFileSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8' }).trim());
  if (Number.isNaN(soft) || soft >= fdsNeeded || process.env.BENCH_ULIMIT_RAISED) return;
  const script = `ulimit -n ${fdsNeeded} || ulimit -n $(ulimit -Hn); exec "$0" "$@"`;
  try {
    execFileSync('/bin/sh', ['-c', script, process.execPath, ...process.execArgv, ...process.argv.slice(1)], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ULIMIT_RAISED: '1' },
    });
    process.exit(0);
  } catch (error) {
    process.exit((error as { status?: number }).status ?? 1);
  }
}

/** How many samples of each kind and status: `{"search 503": 2}`. */
function countBy(chosen: Sample[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const sample of chosen) {
    const key = [sample.kind, sample.status, sample.code].filter(Boolean).join(' ');
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export type Phase = 'steady' | 'rollout' | 'after';
interface Sample {
  kind: string;
  /** A failure's error code: the server's, or `proxy` for HAProxy's own page. */
  code?: string;
  phase: Phase;
  ms: number;
  status: number;
}
/** The phase a request starts in is the one it counts for; the scenario moves it on. */
export const recorder: { phase: Phase; samples: Sample[] } = { phase: 'steady', samples: [] };

export interface Answer {
  status: number;
  body: Record<string, unknown>;
  xsrf?: string;
}

/** One request through HAProxy; status 0 is a connection refused or reset. */
export function call(
  port: number,
  agent: http.Agent,
  pathname: string,
  options: { method?: 'GET' | 'POST'; token?: string; xsrf?: string; body?: unknown } = {},
): Promise<Answer> {
  const payload = options.body === undefined ? undefined : Buffer.from(JSON.stringify(options.body));
  return new Promise((resolve) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method: options.method ?? 'GET',
        agent,
        headers: {
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...(options.xsrf
            ? { cookie: `XSRF-TOKEN=${options.xsrf}`, 'x-xsrf-token': decodeURIComponent(options.xsrf) }
            : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': payload.length } : {}),
        },
      },
      (response) => {
        let raw = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (raw += chunk));
        response.on('error', () => resolve({ status: 0, body: {} }));
        response.on('end', () => {
          let body: Record<string, unknown>;
          try {
            body = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
          } catch {
            body = { raw };
          }
          const xsrf = /XSRF-TOKEN=([^;]+)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1];
          resolve({ status: response.statusCode ?? 0, body, ...(xsrf ? { xsrf } : {}) });
        });
      },
    );
    request.on('error', () => resolve({ status: 0, body: {} }));
    request.end(payload);
  });
}

/** `call`, timed and recorded under the phase it started in. */
export async function measured(kind: string, work: () => Promise<Answer>): Promise<Answer> {
  const startedIn = recorder.phase;
  const started = performance.now();
  const answer = await work();
  const code = answer.status >= 500 ? String((answer.body.code as string | undefined) ?? 'proxy') : undefined;
  recorder.samples.push({
    kind,
    phase: startedIn,
    ms: performance.now() - started,
    status: answer.status,
    ...(code ? { code } : {}),
  });
  return answer;
}

export interface Recipient {
  chatId: number;
  token: string;
}

/** A browser's stream: reopened at once when it ends, then the chat is read again (the resync). */
export interface Holder {
  recipient: Recipient;
  agent: http.Agent;
  connection: SseConnection | null;
  live: Map<number, number>;
  resynced: Set<number>;
  reconnectMs: number[];
  closes: number;
}

/** Requests, failures (5xx and resets, by kind), refusals and p95 of the requests started in `which`. */
export function report(which: Phase[]) {
  const chosen = recorder.samples.filter((s) => which.includes(s.phase));
  const failed = chosen.filter((s) => s.status === 0 || s.status >= 500);
  return {
    requests: chosen.length,
    failures: failed.length,
    resets: failed.filter((s) => s.status === 0).length,
    failedBy: countBy(failed),
    // Answers that are neither a success nor a failure of the deploy (a 429 would show here).
    refused: countBy(chosen.filter((s) => s.status >= 400 && s.status < 500)),
    p95Ms: +percentile(
      chosen.map((s) => s.ms),
      95,
    ).toFixed(1),
    p95ByKindMs: Object.fromEntries(
      [...new Set(chosen.map((s) => s.kind))].map((kind) => [
        kind,
        +percentile(
          chosen.filter((s) => s.kind === kind).map((s) => s.ms),
          95,
        ).toFixed(1),
      ]),
    ),
  };
}

/**
 * One event stream per recipient, as browsers hold them: from many loopback addresses (HAProxy
 * refuses a 101st connection from one), reopened at once when the server ends it, then the chat read
 * again (what a browser refetches), so a message sent meanwhile is recovered.
 */
export function chatStreams(port: number, recipients: Recipient[], perAddress: number) {
  let holding = true;
  const agents = new Map<number, http.Agent>();
  const agentOf = (index: number) => {
    const group = Math.floor(index / perAddress);
    if (!agents.has(group))
      agents.set(group, new http.Agent({ localAddress: `127.1.${group >> 8}.${(group & 255) + 1}` }));
    return agents.get(group)!;
  };
  const open = async (holder: Holder) => {
    const url = `http://127.0.0.1:${port}/api/chat/stream?token=${holder.recipient.token}`;
    const connection = await openSse(url, { agent: holder.agent }).catch(() => null);
    if (connection?.status !== 200) {
      connection?.close();
      return false;
    }
    connection.onEvent = (event) => {
      if (event.event === 'close') holder.closes += 1;
      if (event.event !== 'new_message') return;
      const id = (event.data as { message: { id: number } }).message.id;
      holder.live.set(id, (holder.live.get(id) ?? 0) + 1);
    };
    holder.connection = connection;
    return true;
  };
  const hold = async (holder: Holder) => {
    while (holding) {
      await holder.connection!.ended;
      if (!holding) return;
      const endedAt = performance.now();
      holder.connection = null;
      while (holding && !(await open(holder))) await sleep(100);
      holder.reconnectMs.push(performance.now() - endedAt);
      const read = await call(port, holder.agent, `/api/chat/${holder.recipient.chatId}/messages`, {
        token: holder.recipient.token,
      });
      for (const message of (read.body.messages as { id: number }[] | undefined) ?? [])
        holder.resynced.add(message.id);
    }
  };
  const holders: Holder[] = recipients.map((recipient, i) => ({
    recipient,
    agent: agentOf(i),
    connection: null,
    live: new Map(),
    resynced: new Set(),
    reconnectMs: [],
    closes: 0,
  }));
  let keepers: Promise<void>[] = [];
  return {
    holders,
    /** Opens every stream, 100 at a time, then keeps each open. */
    async openAll() {
      for (let start = 0; start < holders.length; start += 100) {
        await Promise.all(
          holders.slice(start, start + 100).map(async (holder) => {
            while (!(await open(holder))) await sleep(200);
          }),
        );
      }
      keepers = holders.map(hold);
    },
    async stop() {
      holding = false;
      for (const holder of holders) holder.connection?.close();
      await Promise.all(keepers);
      for (const agent of agents.values()) agent.destroy();
    },
  };
}
