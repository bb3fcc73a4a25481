/** Why a connection was closed at once, before reading anything from it. */
export type ConnectionRefusal = 'max_connections' | 'per_address';
/** Where a client stopped: `silent` sent nothing at all, `headers` stopped inside its headers, `body` inside its body. */
export type TimeoutPhase = 'silent' | 'headers' | 'body';

/**
 * What the connection guards saw (plugins/connection-limits.ts, http-errors.ts, body-timeout.ts),
 * read by /metrics. Plain numbers: they change on every connection and must cost nothing.
 */
export interface HttpCounters {
  openConnections: number;
  refusedConnections: Record<ConnectionRefusal, number>;
  timeouts: Record<TimeoutPhase, number>;
  /** Requests refused before any route could see them (malformed, headers too large...), by status. */
  clientErrors: Map<number, number>;
}

export function createHttpCounters(): HttpCounters {
  return {
    openConnections: 0,
    refusedConnections: { max_connections: 0, per_address: 0 },
    timeouts: { silent: 0, headers: 0, body: 0 },
    clientErrors: new Map(),
  };
}
