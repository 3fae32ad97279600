// Loaded with `node --import` into a server the push scenario starts, and nowhere else: the
// local push service's name (push.forja.test, which no DNS answers) is reached on 127.0.0.1 at
// FAULTS_PUSH_SERVICE_PORT, as a real push service's name would be reached by DNS. Forja's own
// checks (the endpoint, the agent's refusal of special-use addresses) run unchanged before it.
import tls from 'node:tls';

const host = 'push.forja.test';
const port = Number(process.env.FAULTS_PUSH_SERVICE_PORT);
const connect = tls.connect;

tls.connect = function connectToLocalPushService(...args) {
  const [options] = args;
  if (options && typeof options === 'object' && options.host === host) {
    return connect.call(
      tls,
      { ...options, host: '127.0.0.1', port, servername: host },
      ...args.slice(1),
    );
  }
  return connect.apply(tls, args);
};
