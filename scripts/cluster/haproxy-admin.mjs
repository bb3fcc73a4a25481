import net from 'node:net';

/** One command on HAProxy's admin socket; resolves with its whole answer. */
export function haproxyCommand(socketPath, command) {
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(socketPath);
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.end(`${command}\n`));
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

/** The check status HAProxy gives each server of `backend` (`UP`, `DOWN`, `UP 1/2` going down ...). */
export async function serverStates(socketPath, backend) {
  const csv = await haproxyCommand(socketPath, 'show stat');
  const [header = '', ...rows] = csv.split('\n');
  const columns = header.replace(/^# /, '').split(',');
  const name = columns.indexOf('svname');
  const proxy = columns.indexOf('pxname');
  const status = columns.indexOf('status');
  const states = new Map();
  for (const row of rows) {
    const cells = row.split(',');
    if (cells[proxy] !== backend || ['FRONTEND', 'BACKEND'].includes(cells[name] ?? '')) continue;
    states.set(cells[name], cells[status]);
  }
  return states;
}
