/**
 * How long opening a connection to PostgreSQL may take before it fails: a server that is a black
 * hole (dropped packets, a dead host) must fail a request within seconds, not hold it for the
 * operating system's TCP timeout (minutes). Every pool and listener of ours uses it.
 */
export const DATABASE_CONNECT_TIMEOUT_MS = 5_000;
