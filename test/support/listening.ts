import { readdirSync, readFileSync, readlinkSync } from "node:fs";

/** The processes descended from `root` (itself included), from Linux's /proc. */
export function processTree(root: number): number[] {
  const parents = new Map<number, number>();
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // pid (comm) state ppid …: comm may hold spaces, so fields count from its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      parents.set(Number(entry), Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]));
    } catch {
      // it exited meanwhile
    }
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++)
    for (const [pid, parent] of parents) if (parent === tree[i]) tree.push(pid);
  return tree;
}

/** The resident memory of `root`'s process tree, in bytes (VmRSS of each, from /proc). */
export function treeRssBytes(root: number): number {
  let total = 0;
  for (const pid of processTree(root)) {
    try {
      const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(kib ?? 0) * 1024;
    } catch {
      // it exited meanwhile
    }
  }
  return total;
}

/** The inodes of the sockets process `pid` holds open. */
function socketInodes(pid: number): Set<string> {
  const inodes = new Set<string>();
  try {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const target = readlinkSync(`/proc/${pid}/fd/${fd}`);
        const inode = /^socket:\[(\d+)\]$/.exec(target)?.[1];
        if (inode) inodes.add(inode);
      } catch {
        // closed meanwhile
      }
    }
  } catch {
    // it exited meanwhile
  }
  return inodes;
}

/**
 * Every TCP port (IPv4 and IPv6) on which a process of `root`'s tree listens,
 * with the address it is bound to: what another account on the machine could
 * connect to. Linux only.
 */
export function listeningPorts(root: number): { address: string; port: number }[] {
  const inodes = new Set<string>();
  for (const pid of processTree(root)) for (const inode of socketInodes(pid)) inodes.add(inode);
  const found: { address: string; port: number }[] = [];
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    let text = "";
    try {
      text = readFileSync(table, "utf8");
    } catch {
      continue; // no IPv6
    }
    for (const line of text.split("\n").slice(1)) {
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode …
      const fields = line.trim().split(/\s+/);
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      // 0A: LISTEN
      if (state !== "0A" || !local || !inode || !inodes.has(inode)) continue;
      const [hex = "", port = "0"] = local.split(":");
      found.push({ address: hexAddress(hex), port: Number.parseInt(port, 16) });
    }
  }
  return found;
}

/**
 * /proc/net/tcp's address: IPv4 as 4 little-endian bytes; IPv6 as four 32-bit
 * little-endian words, shown as a URL host (`[::1]`, groups unshortened but
 * for leading zeros and a run of zero groups).
 */
function hexAddress(hex: string): string {
  const bytes = hex.match(/../g)?.map((b) => Number.parseInt(b, 16)) ?? [];
  if (hex.length === 8) return bytes.reverse().join(".");
  const ordered: number[] = [];
  for (let word = 0; word < 4; word++)
    ordered.push(...bytes.slice(word * 4, word * 4 + 4).reverse());
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2)
    groups.push((((ordered[i] ?? 0) << 8) | (ordered[i + 1] ?? 0)).toString(16));
  return `[${groups.join(":").replace(/(^|:)0(:0)+(:|$)/, "::")}]`;
}
