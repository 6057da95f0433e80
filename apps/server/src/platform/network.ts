import net from 'node:net';

/** This machine's own addresses. */
export const LOOPBACK = '127.0.0.0/8,::1/128';

function blockList(ranges: string): net.BlockList | null {
  const list = new net.BlockList();
  let any = false;
  for (const range of ranges
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean)) {
    const [address, prefix] = range.split('/');
    const family = net.isIP(address ?? '');
    if (!family) continue;
    list.addSubnet(address!, Number(prefix ?? (family === 6 ? 128 : 32)), family === 6 ? 'ipv6' : 'ipv4');
    any = true;
  }
  return any ? list : null;
}

/** Whether `ip` lies in one of the comma-separated CIDR `ranges` (IPv4-mapped IPv6 addresses count as IPv4). */
export function inNetworks(ip: string, ranges: string): boolean {
  const list = blockList(ranges);
  if (!list) return false;
  const address = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;
  const family = net.isIP(address);
  if (!family) return false;
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * Which reverse proxies are believed (TRUST_PROXY): none, the last `hops` peers (however many
 * proxies stand between the server and the Internet), or peers whose address lies in `ranges`.
 */
export type ProxyTrust =
  { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'ranges'; ranges: string };

/**
 * Reads TRUST_PROXY: `false`/`0`/empty trusts no proxy; a positive whole number is a hop count;
 * `true` means one hop (a single reverse proxy in front, the common case: it is never "trust every
 * X-Forwarded-For entry", which let any client name its own address); anything else is a
 * comma-separated list of proxy addresses or CIDR ranges, each of which must parse. Returns a
 * problem in words when the setting cannot be read.
 */
export function parseProxyTrust(text: string): ProxyTrust | string {
  const value = text.trim().toLowerCase();
  if (value === '' || value === 'false' || value === '0') return { kind: 'none' };
  if (value === 'true') return { kind: 'hops', hops: 1 };
  if (/^\d+$/.test(value)) return { kind: 'hops', hops: Number(value) };
  const entries = value
    .split(',')
    .map((r) => r.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const [address, prefix, extra] = entry.split('/');
    const family = net.isIP(address ?? '');
    const max = family === 6 ? 128 : 32;
    const bits = prefix === undefined ? max : /^\d+$/.test(prefix) ? Number(prefix) : -1;
    if (!family || extra !== undefined || bits < 0 || bits > max)
      return `"${entry}" is neither a hop count nor a proxy address or CIDR range`;
  }
  return { kind: 'ranges', ranges: entries.join(',') };
}

/**
 * Whether the `index`-th address of a request's chain (0 = the socket's peer, 1 = the last
 * X-Forwarded-For entry, …) is a proxy to believe. The client's address is then the first address
 * from the right that is not: Fastify's trustProxy function has exactly this signature.
 */
export function proxyTrustFunction(trust: ProxyTrust): ((address: string, index: number) => boolean) | false {
  switch (trust.kind) {
    case 'none':
      return false;
    case 'hops':
      return (_address, index) => index < trust.hops;
    case 'ranges':
      return (address) => inNetworks(address, trust.ranges);
  }
}

/** Headers by which a proxy (or a client pretending to be one) names another address than the socket's. */
export const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/** Whether a request carries any forwarding header. */
export function isForwarded(headers: Record<string, unknown>): boolean {
  return FORWARDING_HEADERS.some((h) => headers[h] !== undefined);
}

/**
 * The address network-based rights (internal-network login, the internal ranges) are judged by, or
 * undefined when there is none to believe: without forwarding headers the socket's peer; with them,
 * the resolved client address (`ip`, the first untrusted hop) only when the peer is a trusted
 * proxy and X-Forwarded-For names the client. A forwarded request through a proxy that is not trusted names nobody: the peer is the
 * proxy, and the address it forwards cannot be believed.
 */
export function networkAddress(
  request: { ip: string; headers: Record<string, unknown>; socket: { remoteAddress?: string } },
  trust: ProxyTrust,
): string | undefined {
  const peer = request.socket.remoteAddress;
  if (!isForwarded(request.headers)) return peer;
  // The client address is read from X-Forwarded-For alone: a trusted proxy that sent only another
  // header has named nobody the server can resolve.
  const trusted = proxyTrustFunction(trust);
  const resolved = peer !== undefined && trusted && trusted(peer, 0) && request.headers['x-forwarded-for'];
  return resolved ? request.ip : undefined;
}
