import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { Agent } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { parse as legacyParse } from 'node:url';
import ipaddr from 'ipaddr.js';

/** Letters, digits and hyphens in dot-separated labels; the last label holds a letter. */
const DNS_NAME =
  /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A plain DNS host name (never an IP literal), lower case. */
export function isPlainHostName(host: string): boolean {
  return DNS_NAME.test(host) && isIP(host) === 0;
}

/**
 * The endpoint as Forja stores and sends it, or undefined when it is not one of the allowed
 * push services. The WHATWG parser (which the check reads) and Node's legacy `url.parse`
 * (which `web-push` sends with) must both read the same plain host name, on the list or a
 * subdomain of it: no IP literal, no user info, no port but https's own, nothing around the
 * host that one parser keeps and the other cuts (`;`, `%3B`, `{`…).
 */
export function allowedPushEndpoint(raw: string, hosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') return undefined;
  if (url.port !== '') return undefined;
  const host = url.hostname;
  if (!isPlainHostName(host)) return undefined;
  if (!hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))) return undefined;
  const normalised = url.href;
  for (const text of [raw, normalised]) {
    // eslint-disable-next-line @typescript-eslint/no-deprecated -- web-push sends with it.
    const legacy = legacyParse(text);
    // An explicit :443 is https's own port; WHATWG drops it from what is stored.
    const port = text === raw ? [null, '443'] : [null];
    if (legacy.protocol !== 'https:' || legacy.auth !== null || !port.includes(legacy.port)) {
      return undefined;
    }
    const withPort = legacy.port === null ? host : `${host}:${legacy.port}`;
    if (legacy.hostname !== host || legacy.host !== withPort) return undefined;
  }
  return normalised;
}

/** An address on the public internet: not loopback, private, link-local or other special use. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  return ipaddr.process(address).range() === 'unicast';
}

export class PushAddressRefused extends Error {
  constructor(host: string) {
    super(`${host} does not resolve to a public address`);
    this.name = 'PushAddressRefused';
  }
}

type Resolve = (
  hostname: string,
  options: LookupOptions & { all: true },
  callback: (error: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void,
) => void;

/**
 * The HTTPS agent every push is sent through: a name is resolved once for the connection and
 * refused when any of its addresses is not public, and an IP literal that is not public is
 * refused before connecting. `resolve` is `dns.lookup` unless a test answers for it.
 */
export function createPushAgent(resolve: Resolve = dnsLookup): Agent {
  const lookup: LookupFunction = (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) {
        callback(error, '', 0);
        return;
      }
      const first = addresses[0];
      if (!first || !addresses.every((item) => isPublicAddress(item.address))) {
        callback(new PushAddressRefused(hostname), '', 0);
        return;
      }
      if (options.all) {
        (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      } else {
        callback(null, first.address, first.family);
      }
    });
  };
  const agent = new Agent({ lookup });
  type Connect = (options: { host?: string | null }, ...rest: unknown[]) => unknown;
  const holder = agent as unknown as { createConnection: Connect };
  const connect = holder.createConnection.bind(agent);
  holder.createConnection = (options, ...rest) => {
    const host = options.host ?? '';
    if (isIP(host) !== 0 && !isPublicAddress(host)) throw new PushAddressRefused(host);
    return connect(options, ...rest);
  };
  return agent;
}
