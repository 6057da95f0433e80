import net from 'node:net';

/** Addresses that never leave the machine or the local network (RFC 1918, loopback, link-local, ULA). */
const LOCAL_RANGES =
  '127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,169.254.0.0/16,::1/128,fc00::/7,fe80::/10';

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

/** Whether `ip` is on this machine or a private network, or inside the configured internal ranges. */
export function isLocalOrInternal(ip: string, internalNetworks: string): boolean {
  return inNetworks(ip, LOCAL_RANGES) || inNetworks(ip, internalNetworks);
}
