// What every HAProxy started here shares (the local cluster's balancer, bench:web's TLS proxy): HTTP mode and its
// time-outs, a WebSocket's tunnel kept open an hour.

/** The `global` and `defaults` sections, `maxconn` connections at most; `extra` lines are added to `defaults`. */
export const haproxyHead = ({ maxconn, extra = [] }) => [
  'global',
  `  maxconn ${maxconn}`,
  'defaults',
  '  mode http',
  '  timeout connect 2s',
  '  timeout client 60s',
  '  timeout server 60s',
  '  timeout tunnel 1h',
  ...extra,
];
