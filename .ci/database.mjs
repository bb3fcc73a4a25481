// CI helper for the PostgreSQL server (no psql client needed, only the `pg` driver of the API):
//   node .ci/database.mjs wait <serverUrl> [seconds]   waits until the server answers
//   node .ci/database.mjs create <serverUrl> <name>    creates a database
//   node .ci/database.mjs drop <serverUrl> <name>      drops it, closing its connections
import pg from 'pg';

const [command, serverUrl, arg] = process.argv.slice(2);

async function query(sql) {
  const client = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

function identifier(name) {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name ?? '')) throw new Error(`not a database name: ${name}`);
  return name;
}

if (command === 'wait') {
  const deadline = Date.now() + Number(arg ?? 60) * 1000;
  for (;;) {
    try {
      const { rows } = await query('SHOW server_version');
      console.log(`PostgreSQL ${rows[0].server_version} answers at ${new URL(serverUrl).host}`);
      break;
    } catch (error) {
      if (Date.now() > deadline) {
        console.error(`PostgreSQL does not answer at ${new URL(serverUrl).host}: ${error.message}`);
        process.exit(1);
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
} else if (command === 'create') {
  await query(`CREATE DATABASE ${identifier(arg)}`);
  console.log(`created database ${arg}`);
} else if (command === 'drop') {
  await query(`DROP DATABASE IF EXISTS ${identifier(arg)} WITH (FORCE)`);
  console.log(`dropped database ${arg}`);
} else {
  console.error('usage: node .ci/database.mjs wait|create|drop <serverUrl> [arg]');
  process.exit(2);
}
