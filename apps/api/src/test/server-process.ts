import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

/**
 * `npm start`'s server (src/server.ts) as a child process, for tests and benchmarks that need real
 * separate processes. With PORT 0 (or unset) the system picks a free port, read from the
 * "Server listening at" log line (LOG_LEVEL info); with a fixed PORT, /api/health is polled.
 */
export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far. */
  output(): string;
  /** Sends SIGTERM and waits for the exit code. */
  stop(): Promise<number | null>;
}

const API_DIR = path.resolve(import.meta.dirname, '../..');

export async function startServerProcess(
  env: Record<string, string>,
  options: {
    timeoutMs?: number;
    shell?: string;
    nodeArgs?: string[];
    /** `compiled`: the production build, `node dist/server.js` (run `npm run build -w @safqa/api` first). */
    build?: 'source' | 'compiled';
    /** Another checkout's apps/api (a benchmark's baseline); this one by default. */
    apiDir?: string;
  } = {},
): Promise<ServerProcess> {
  const timeoutMs = options.timeoutMs ?? 90_000;
  const apiDir = options.apiDir ?? API_DIR;
  const entry = options.build === 'compiled' ? ['dist/server.js'] : ['--import', 'tsx', 'src/server.ts'];
  const args = [...(options.nodeArgs ?? []), ...entry];
  const fullEnv: NodeJS.ProcessEnv = { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env };
  // A fixed PORT is polled on /api/health, so the server may log less than info.
  const fixedPort = Number(fullEnv.PORT ?? 0);
  if (fixedPort) {
    const busy = await fetch(`http://127.0.0.1:${fixedPort}/api/health`).then(
      () => true,
      () => false,
    );
    if (busy) throw new Error(`port ${fixedPort} is already in use`);
  }
  const child = options.shell
    ? spawn('/bin/sh', ['-c', `${options.shell}; exec "${process.execPath}" ${args.join(' ')}`], {
        cwd: apiDir,
        env: fullEnv,
        stdio: ['ignore', 'pipe', 'pipe'],
      })
    : spawn(process.execPath, args, { cwd: apiDir, env: fullEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  let port = fixedPort;
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  // Never leave a server behind when the test or benchmark process ends early.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  void exited.then(() => process.off('exit', killOnExit));
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));

  return new Promise((resolve, reject) => {
    let done = false;
    const started = Date.now();
    const ready = () => {
      done = true;
      resolve({
        child,
        port,
        baseUrl: `http://127.0.0.1:${port}`,
        output: () => output,
        stop: async () => {
          if (child.exitCode === null) child.kill('SIGTERM');
          return exited;
        },
      });
    };
    const poll = async () => {
      if (done) return;
      if (Date.now() - started > timeoutMs) {
        done = true;
        child.kill('SIGKILL');
        return reject(new Error(`server did not start within ${timeoutMs} ms:\n${output}`));
      }
      if (!fixedPort) {
        const match = /Server listening at http:\/\/127\.0\.0\.1:(\d+)/.exec(output);
        if (match) {
          port = Number(match[1]);
          return ready();
        }
      } else {
        const healthy = await fetch(`http://127.0.0.1:${fixedPort}/api/health`)
          .then((r) => r.ok)
          .catch(() => false);
        if (healthy) return ready();
      }
      setTimeout(() => void poll(), 100);
    };
    void exited.then((code) => {
      if (done) return;
      done = true;
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
    void poll();
  });
}

/** A browser-like caller of a running server: CSRF cookie from /api/health, bearer token. */
export async function httpClient(baseUrl: string, token: string) {
  const health = await fetch(`${baseUrl}/api/health`);
  const cookie = /XSRF-TOKEN=([^;]+)/.exec(health.headers.get('set-cookie') ?? '')?.[1];
  if (!cookie) throw new Error('no XSRF-TOKEN cookie from /api/health');
  return {
    async post(pathname: string, body: unknown) {
      const response = await fetch(`${baseUrl}${pathname}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          cookie: `XSRF-TOKEN=${cookie}`,
          'x-xsrf-token': decodeURIComponent(cookie),
        },
        body: JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
  };
}
