// The bench server's heap at a moment, summarized: self size and count by constructor (V8's heap snapshot
// format: a flat `nodes` array of ints and a `strings` table), so a memory figure names what holds it.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface HeapGroup {
  name: string;
  bytes: number;
  count: number;
}

/** Asks the server's probe for a snapshot (SIGUSR2 with want-snapshot), waits for it, and summarizes it. */
export async function serverHeapSummary(pid: number, probeDir: string, top = 8): Promise<{ totalBytes: number; groups: HeapGroup[] }> {
  writeFileSync(join(probeDir, "want-snapshot"), "");
  process.kill(pid, "SIGUSR2");
  for (let i = 0; i < 1200 && !existsSync(join(probeDir, "snapshot-written")); i++)
    await new Promise((resolve) => setTimeout(resolve, 100));
  rmSync(join(probeDir, "want-snapshot"));
  rmSync(join(probeDir, "snapshot-written"), { force: true });
  const file = join(probeDir, "server.heapsnapshot");
  try {
    return summarize(readFileSync(file), top);
  } finally {
    // BENCH_KEEP_SNAPSHOT=1: left for a closer look (diagnose/, or Chrome DevTools' Memory tab).
    if (!process.env.BENCH_KEEP_SNAPSHOT) rmSync(file, { force: true });
    else console.log(`  heap snapshot kept: ${file}`);
  }
}

/** Reads the ints of the JSON array that starts after `key` (the heap's nodes: millions, parsed byte by byte). */
function intArray(bytes: Buffer, key: string): Uint32Array {
  let at = bytes.indexOf(key) + key.length;
  const out: number[] = [];
  let n = -1;
  for (; at < bytes.length; at++) {
    const c = bytes[at]!;
    if (c >= 48 && c <= 57) n = (n < 0 ? 0 : n * 10) + (c - 48);
    else {
      if (n >= 0) out.push(n);
      n = -1;
      if (c === 93) break; // ]
    }
  }
  return Uint32Array.from(out);
}

export function summarize(bytes: Buffer, top: number, largestStrings = 0): { totalBytes: number; groups: HeapGroup[]; strings: string[] } {
  const head = JSON.parse(`${bytes.subarray(0, bytes.indexOf('"nodes":[')).toString().trim().replace(/,$/, "")}}`) as {
    snapshot: { meta: { node_fields: string[]; node_types: [string[]] } };
  };
  const fields = head.snapshot.meta.node_fields;
  const types = head.snapshot.meta.node_types[0];
  const [TYPE, NAME, SIZE] = ["type", "name", "self_size"].map((f) => fields.indexOf(f)) as [number, number, number];
  const nodes = intArray(bytes, '"nodes":[');
  const stringsAt = bytes.indexOf('"strings":[') + '"strings":'.length;
  const strings = JSON.parse(bytes.subarray(stringsAt, bytes.lastIndexOf("]") + 1).toString()) as string[];
  const groups = new Map<string, HeapGroup>();
  let totalBytes = 0;
  for (let i = 0; i < nodes.length; i += fields.length) {
    const type = types[nodes[i + TYPE]!]!;
    const size = nodes[i + SIZE]!;
    totalBytes += size;
    // Objects by constructor; strings, arrays, code and the rest by kind.
    const name = type === "object" || type === "native" ? strings[nodes[i + NAME]!]! : `(${type})`;
    const group = groups.get(name) ?? { name, bytes: 0, count: 0 };
    group.bytes += size;
    group.count++;
    groups.set(name, group);
  }
  // With `largestStrings`: the largest strings' sizes and starts, to tell which JSON or text is kept.
  const big: Array<[number, string]> = [];
  for (let i = 0; largestStrings && i < nodes.length; i += fields.length)
    if (types[nodes[i + TYPE]!] === "string" && nodes[i + SIZE]! > 4096)
      big.push([nodes[i + SIZE]!, strings[nodes[i + NAME]!]!.slice(0, 120)]);
  const byLength = big
    .sort((a, b) => b[0] - a[0])
    .slice(0, largestStrings)
    .map(([size, text]) => `${size} ${JSON.stringify(text)}`);
  return { totalBytes, groups: [...groups.values()].sort((a, b) => b.bytes - a.bytes).slice(0, top), strings: byLength };
}
