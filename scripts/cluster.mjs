#!/usr/bin/env node
// `npm run cluster -- --processes=N`: N compiled server processes (apps/api/dist) on loopback ports
// behind HAProxy on PORT, as in production (docs/operations.md "Several processes behind HAProxy").
// The processes get this command's environment plus TRUST_PROXY naming the proxy. Needs PostgreSQL
// (DATABASE_URL): the embedded database belongs to one process.
//
// `npm run cluster -- --rolling` (another terminal, same environment): builds once, migrates once, then
// has the running cluster replace its processes one at a time: each old one drains (health 503, its
// streams told `close`) and exits, the new one starts on its port, and the next waits until HAProxy
// has the new one in rotation. `--skip-build` reuses the current build (tests). `--retries=0` turns off
// HAProxy's retries of failed connections (the fault suite: the drain alone must lose nothing).
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { parseArgs } from 'node:util';
import { serverStates } from './cluster/haproxy-admin.mjs';
import { CHECK, haproxyConfig } from './cluster/haproxy-config.mjs';

const root = path.resolve(import.meta.dirname, '..');
const apiDir = path.join(root, 'apps/api');
const BACKEND = 'api';
/** A process starting on a fresh database migrates and seeds first: give it time on a loaded machine. */
const START_TIMEOUT_MS = 120_000;

const { values: args } = parseArgs({
  options: {
    processes: { type: 'string', default: '2' },
    rolling: { type: 'boolean', default: false },
    'skip-build': { type: 'boolean', default: false },
    retries: { type: 'string', default: '3' },
  },
});

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '0.0.0.0';
const stateDir = path.join(os.tmpdir(), `safqa-cluster-${port}`);
const files = {
  pid: path.join(stateDir, 'supervisor.pid'),
  state: path.join(stateDir, 'state.json'),
  config: path.join(stateDir, 'haproxy.cfg'),
  socket: path.join(stateDir, 'haproxy.sock'),
};

const log = (message) => console.log(`[cluster] ${message}`);
function fail(message) {
  console.error(`[cluster] ${message}`);
  process.exit(1);
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitFor(what, timeoutMs, check) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`${what}: not within ${timeoutMs} ms`);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function runningSupervisor() {
  if (!existsSync(files.pid)) return null;
  const pid = Number(readFileSync(files.pid, 'utf8'));
  return pid && isAlive(pid) ? pid : null;
}

/** Debian's haproxy, installed like .ci/run installs Chromium when it is missing. */
function ensureHaproxy() {
  const found = spawnSync('sh', ['-c', 'command -v haproxy || ls /usr/sbin/haproxy'], { encoding: 'utf8' });
  const existing = found.stdout.trim().split('\n')[0];
  if (found.status === 0 && existing) return existing;
  log("haproxy is missing: installing Debian's haproxy");
  const asRoot = process.getuid?.() === 0 ? [] : ['sudo'];
  for (const command of [
    ['apt-get', 'update', '-q'],
    [
      'env',
      'DEBIAN_FRONTEND=noninteractive',
      'apt-get',
      'install',
      '-y',
      '-q',
      '--no-install-recommends',
      'haproxy',
    ],
  ]) {
    const [bin, ...rest] = [...asRoot, ...command];
    if (spawnSync(bin, rest, { stdio: 'inherit' }).status !== 0)
      fail(`could not install haproxy (${command.join(' ')})`);
  }
  return '/usr/sbin/haproxy';
}

/**
 * `npm run build`, keeping the previous build's hashed files beside the new ones: processes still
 * running the old build load their lazy chunks by the old names, and open pages fetch old assets.
 */
function build() {
  const kept = [path.join(root, 'apps/web/dist/assets'), path.join(apiDir, 'dist')].filter((dir) =>
    existsSync(dir),
  );
  const backup = path.join(stateDir, 'previous-build');
  rmSync(backup, { recursive: true, force: true });
  kept.forEach((dir, i) => cpSync(dir, path.join(backup, String(i)), { recursive: true }));
  log('building (npm run build)');
  // A production build whatever NODE_ENV the processes get (tests run them with `test`): Vite
  // builds React's development bundle when NODE_ENV says so, and the first-load budget refuses it.
  const env = { ...process.env, NODE_ENV: 'production' };
  if (spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env }).status !== 0)
    fail('the build failed');
  kept.forEach((dir, i) =>
    cpSync(path.join(backup, String(i)), dir, { recursive: true, force: false, errorOnExist: false }),
  );
  rmSync(backup, { recursive: true, force: true });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port: free } = server.address();
      server.close(() => resolve(free));
    });
  });
}

/** Lines of a child's output, whole, onto ours (pino's JSON lines stay one per line). */
function forward(stream, target) {
  readline.createInterface({ input: stream }).on('line', (line) => target.write(`${line}\n`));
}

async function supervise() {
  const count = Number(args.processes);
  if (!Number.isInteger(count) || count < 1 || count > 64)
    fail('--processes must be a whole number from 1 to 64');
  const retries = Number(args.retries);
  if (!Number.isInteger(retries) || retries < 0 || retries > 10)
    fail('--retries must be a whole number from 0 to 10');
  if (!process.env.DATABASE_URL) {
    fail('a cluster needs PostgreSQL: set DATABASE_URL (the embedded database belongs to one process)');
  }
  if (runningSupervisor()) fail(`a cluster already runs on port ${port} (${files.pid})`);
  const haproxyBin = ensureHaproxy();
  if (!existsSync(path.join(apiDir, 'dist/server.js'))) build();
  mkdirSync(stateDir, { recursive: true });
  writeFileSync(files.pid, String(process.pid));

  // Two failed checks take a draining process out; a third interval is the margin.
  const drainMs = process.env.SHUTDOWN_DRAIN_MS || String(CHECK.interMs * (CHECK.fall + 1));
  const trustProxy = [process.env.TRUST_PROXY, '127.0.0.1'].filter(Boolean).join(',');
  const slots = [];
  for (let i = 1; i <= count; i++)
    slots.push({ name: `p${i}`, port: await freePort(), child: null, exited: null });
  let stopping = false;
  // Never leave a server behind when the supervisor fails or is killed.
  process.on('exit', () => {
    for (const slot of slots) slot.child?.kill('SIGKILL');
  });
  let rollouts = 0;
  let lastRollout = null;

  const writeState = () =>
    writeFileSync(
      files.state,
      JSON.stringify({
        port,
        processes: slots.map((slot) => ({ name: slot.name, port: slot.port, pid: slot.child?.pid })),
        rollouts,
        lastRollout,
      }),
    );

  function start(slot) {
    const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server.js'], {
      cwd: apiDir,
      env: {
        ...process.env,
        PORT: String(slot.port),
        HOST: '127.0.0.1',
        TRUST_PROXY: trustProxy,
        SHUTDOWN_DRAIN_MS: drainMs,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    forward(child.stdout, process.stdout);
    forward(child.stderr, process.stderr);
    slot.child = child;
    slot.exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? signal)));
    void slot.exited.then((code) => {
      // A process that dies by itself is started again; one being replaced or stopped is not.
      if (stopping || slot.child !== child || slot.replacing) return;
      log(`${slot.name} (pid ${child.pid}) exited with ${code}: starting it again`);
      setTimeout(() => !stopping && start(slot), 1_000);
    });
    return child;
  }

  async function healthy(slot) {
    const child = slot.child;
    await waitFor(`${slot.name} healthy`, START_TIMEOUT_MS, async () => {
      if (child.exitCode !== null)
        throw new Error(`${slot.name} exited with ${child.exitCode} while starting`);
      const res = await fetch(`http://127.0.0.1:${slot.port}/api/health`);
      return res.status === 200;
    });
  }

  const inRotation = (slot) =>
    waitFor(`${slot.name} in HAProxy's rotation`, 30_000, async () => {
      const states = await serverStates(files.socket, BACKEND);
      return states.get(slot.name) === 'UP';
    });

  // The first process migrates and seeds alone; the others start once it is serving.
  start(slots[0]);
  await healthy(slots[0]);
  for (const slot of slots.slice(1)) start(slot);
  await Promise.all(slots.slice(1).map(healthy));

  writeFileSync(files.config, haproxyConfig({ host, port, socket: files.socket, servers: slots, retries }));
  const haproxy = spawn(haproxyBin, ['-f', files.config, '-db'], { stdio: ['ignore', 'inherit', 'inherit'] });
  process.on('exit', () => haproxy.kill('SIGKILL'));
  const haproxyExited = new Promise((resolve) => haproxy.on('exit', resolve));
  void haproxyExited.then((code) => {
    if (!stopping) fail(`haproxy exited with ${code}`);
  });
  await Promise.all(slots.map(inRotation));
  writeState();
  log(
    `ready on http://${host}:${port}: ${count} processes (${slots.map((s) => `${s.name} :${s.port}`).join(', ')})`,
  );

  let rolling = false;
  async function rollout() {
    if (rolling || stopping) return;
    rolling = true;
    const started = Date.now();
    const steps = [];
    let ok = true;
    try {
      for (const slot of slots) {
        const stepStarted = Date.now();
        const old = slot.child;
        slot.replacing = true;
        log(`rolling: draining ${slot.name} (pid ${old.pid})`);
        old.kill('SIGTERM');
        const killer = setTimeout(() => old.kill('SIGKILL'), Number(drainMs) + 15_000);
        await slot.exited;
        clearTimeout(killer);
        start(slot);
        slot.replacing = false;
        await healthy(slot);
        await inRotation(slot);
        steps.push({
          name: slot.name,
          oldPid: old.pid,
          newPid: slot.child.pid,
          ms: Date.now() - stepStarted,
        });
        log(`rolling: ${slot.name} replaced (pid ${slot.child.pid}) in ${Date.now() - stepStarted} ms`);
      }
    } catch (error) {
      ok = false;
      log(`rolling: stopped: ${error.message}`);
    }
    rollouts += 1;
    lastRollout = { ok, ms: Date.now() - started, steps };
    writeState();
    rolling = false;
  }

  async function stop(signal) {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping the processes, then haproxy`);
    for (const slot of slots) slot.child?.kill('SIGTERM');
    await Promise.all(slots.map((slot) => slot.exited));
    haproxy.kill('SIGTERM');
    await haproxyExited;
    rmSync(stateDir, { recursive: true, force: true });
    process.exit(0);
  }

  // Not SIGHUP: a closed terminal must not start a rollout.
  process.on('SIGUSR2', () => void rollout());
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

async function roll() {
  const pid = runningSupervisor();
  if (!pid) fail(`no cluster runs on port ${port}: start one with npm run cluster`);
  if (!process.env.DATABASE_URL) fail('set DATABASE_URL as for the running cluster');
  if (!args['skip-build']) build();
  log('migrating once (dist/migrate.js)');
  if (spawnSync(process.execPath, ['dist/migrate.js'], { cwd: apiDir, stdio: 'inherit' }).status !== 0) {
    fail('the migrations failed: the running processes were left as they are');
  }
  const readState = () => JSON.parse(readFileSync(files.state, 'utf8'));
  const before = readState().rollouts;
  process.kill(pid, 'SIGUSR2');
  const processes = readState().processes.length;
  await waitFor(
    'the rollout',
    processes * (START_TIMEOUT_MS + 60_000),
    async () => readState().rollouts > before,
  );
  const { lastRollout } = readState();
  for (const step of lastRollout.steps)
    log(`${step.name}: pid ${step.oldPid} -> ${step.newPid} in ${step.ms} ms`);
  if (!lastRollout.ok)
    fail(`the rollout stopped after ${lastRollout.steps.length} of ${processes} processes`);
  log(`rolled ${processes} processes in ${lastRollout.ms} ms`);
}

await (args.rolling ? roll() : supervise()).catch((error) => fail(error.stack ?? String(error)));
