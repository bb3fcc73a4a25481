// The HAProxy configuration of `npm run cluster` (deploy/haproxy.cfg is the same, commented, for
// production). Settings follow docs/operations.md "The proxy in front".

/** Past this the proxy answers 413 itself: above every body the server accepts (uploads: 10 MB). */
export const PROXY_BODY_LIMIT_BYTES = 11 * 1024 * 1024;

/** The health check: every second, out after 2 failures (a draining process within about 2 s), in after 2 passes. */
export const CHECK = { interMs: 1_000, fall: 2, rise: 2 };

/**
 * `retries`: how often a request whose connection to a process failed is sent again (to another
 * process on the last try). 0 turns retries off: the fault suite runs so, to show that the drain
 * alone, not the proxy's second chance, keeps a rolling restart from failing requests.
 * @param {{ host: string, port: number, socket: string, servers: { name: string, port: number }[], retries?: number }} options
 */
export function haproxyConfig({ host, port, socket, servers, retries = 3 }) {
  const retrying =
    retries > 0
      ? `  retries ${retries}
  option redispatch 1
  retry-on conn-failure empty-response`
      : '  retries 0';
  const tooLarge = JSON.stringify({ code: 'PAYLOAD_TOO_LARGE', message: 'حجم الطلب أكبر من المسموح' });
  return `# Written by scripts/cluster.mjs; see deploy/haproxy.cfg for the commented production version.
global
  stats socket ${socket} mode 600 level admin
  hard-stop-after 30s

defaults
  mode http
  option forwardfor
  timeout connect 5s
  timeout http-request 15s
  timeout client 60s
  timeout http-keep-alive 60s
  timeout server 120s
  timeout tunnel 1h
  timeout queue 5s
${retrying}

frontend web
  bind ${host}:${port}
  stick-table type ip size 100k expire 60s store conn_cur
  tcp-request connection track-sc0 src
  tcp-request connection reject if { sc0_conn_cur gt 100 }
  http-request return status 413 content-type application/json string '${tooLarge}' if { req.hdr_val(content-length) gt ${PROXY_BODY_LIMIT_BYTES} }
  default_backend api

backend api
  balance leastconn
  option httpchk GET /api/health
  http-check expect status 200
  http-request set-timeout server 1h if { path /api/chat/stream }
  http-request set-timeout tunnel 1h if { path /api/chat/stream }
  default-server check inter ${CHECK.interMs} fall ${CHECK.fall} rise ${CHECK.rise}
${servers.map((server) => `  server ${server.name} 127.0.0.1:${server.port}`).join('\n')}
`;
}
