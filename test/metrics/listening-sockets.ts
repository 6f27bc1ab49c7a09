/** What a process listens on, read from /proc (Linux): native listeners included, not only Node's handles. */
import fs from 'node:fs';

export interface ListeningSocket {
  /** Dotted IPv4, or the raw hex /proc gives for IPv6. */
  address: string;
  port: number;
}

export function listening(pid: number): ListeningSocket[] {
  const sockets = new Set<string>();
  for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
    try {
      const inode = /^socket:\[(\d+)\]$/.exec(fs.readlinkSync(`/proc/${pid}/fd/${fd}`))?.[1];
      if (inode) sockets.add(inode);
    } catch {
      // closed meanwhile
    }
  }
  const found: ListeningSocket[] = [];
  for (const table of ['tcp', 'tcp6']) {
    for (const line of fs.readFileSync(`/proc/${pid}/net/${table}`, 'utf8').trim().split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const [addressHex, portHex] = fields[1]!.split(':');
      // 0A: LISTEN
      if (fields[3] !== '0A' || !sockets.has(fields[9]!)) continue;
      found.push({ address: table === 'tcp' ? ipv4(addressHex!) : addressHex!, port: parseInt(portHex!, 16) });
    }
  }
  return found.sort((a, b) => a.port - b.port);
}

/** /proc/net/tcp writes an IPv4 address as little-endian hex. */
const ipv4 = (hex: string) => [3, 2, 1, 0].map((i) => parseInt(hex.slice(i * 2, i * 2 + 2), 16)).join('.');
