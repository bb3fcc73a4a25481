import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config';
import { createStorage } from '../storage/create-storage';
import { loadScaleMarket, type LoadReport } from './scale-load/load';
import { ScaleLoadRefused, assertServerUrl } from './scale-load/target';

const USAGE =
  'Usage: DATABASE_URL=postgres://... SCALE_PASSWORD=... npm run scale:load -- --factor=<f> [--images=<n>]';

/** Parses the command line and environment; throws ScaleLoadRefused with what is wrong. */
export function parseScaleArgs(argv: string[], env: NodeJS.ProcessEnv) {
  const { values } = parseArgs({
    args: argv,
    options: {
      factor: { type: 'string' },
      images: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
    strict: true,
  });
  if (values.help) throw new ScaleLoadRefused(USAGE);
  const url = assertServerUrl(env.DATABASE_URL);
  const factor = Number(values.factor ?? '1');
  if (!Number.isFinite(factor) || factor <= 0 || factor > 100)
    throw new ScaleLoadRefused(`--factor must be a number above 0 (and at most 100).\n${USAGE}`);
  const images = Number(values.images ?? '6');
  if (!Number.isInteger(images) || images < 0)
    throw new ScaleLoadRefused(`--images must be a whole number.\n${USAGE}`);
  const password = env.SCALE_PASSWORD;
  if (!password)
    throw new ScaleLoadRefused(
      `SCALE_PASSWORD is required: every generated account signs in with it.\n${USAGE}`,
    );
  return { url, factor, images, password };
}

function summary(report: LoadReport): string {
  const lines = report.tables.map(
    (t) =>
      `  ${t.table.padEnd(28)} ${t.rows.toLocaleString('en-US').padStart(12)} rows ${(t.ms / 1000).toFixed(1).padStart(7)} s`,
  );
  return [
    `Generated market at factor ${report.plan.factor} in ${(report.totalMs / 1000).toFixed(0)} s, database ${(report.databaseBytes / 1024 ** 3).toFixed(2)} GB:`,
    ...lines,
    `Accounts: user1@scale.example ... user${report.plan.users}@scale.example and admin@scale.example (password: SCALE_PASSWORD).`,
  ].join('\n');
}

async function main() {
  const args = parseScaleArgs(process.argv.slice(2), process.env);
  // The pictures go where the app will look for them: DATA_DIR or S3, as configured.
  const storage = args.images > 0 ? await createStorage(loadConfig()) : null;
  const report = await loadScaleMarket({
    url: args.url,
    factor: args.factor,
    password: args.password,
    storage,
    imagePool: args.images,
  });
  console.log(summary(report));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error: unknown) => {
    if (error instanceof ScaleLoadRefused || error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  });
}
