// Proves that no module of lib/dev (sandbox, demo gateway, launcher, edge scripts) reached what is built to ship
// (run by `npm run build:edge` on the worker, and by `npx tsx tests/tools/no-dev-in-bundle.ts` on any output).
// Lint forbids product code to import lib/dev; this checks
// the output itself: the edge worker's esbuild metafile (.open-next, after `npm run build:edge`), the file traces
// Next writes beside each server entry (.nft.json), the chunks' source maps (their sources name every module
// bundled) and the chunks themselves (a development build's module ids name their source).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";

/** A lib/dev path as bundlers write it: "./lib/dev/…", "[project]/lib/dev/…", "../../lib/dev/…"; not "foo-lib/dev". */
const DEV_PATH = /(?<![\w@-])lib\/dev\/[\w./[\]-]+/g;
/** Chunks and maps are read to this size: larger files are vendored libraries, never one of our modules alone. */
const MAX_READ_BYTES = 64 * 1024 * 1024;

export interface DevLeak {
  /** The built file, relative to the scanned directory. */
  file: string;
  /** The lib/dev paths it names (at most five shown). */
  paths: string[];
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    // The build cache holds every compiled module, shipped or not: it is not output.
    if (entry.isDirectory() && entry.name !== "cache") yield* files(path);
    else if (entry.isFile()) yield path;
  }
}

interface SourceMap {
  sources?: string[];
  /** An index map (Turbopack's): one map per section. */
  sections?: Array<{ map: SourceMap }>;
}
const sourcesOf = (map: SourceMap): string[] => [...(map.sources ?? []), ...(map.sections ?? []).flatMap((s) => sourcesOf(s.map))];

/** What a built file says it contains: a metafile's inputs, a trace's files, a map's sources (not their text), or a chunk's text. */
function namesIn(path: string): string {
  const text = readFileSync(path, "utf8");
  if (path.endsWith(".meta.json")) return Object.keys((JSON.parse(text) as { inputs?: object }).inputs ?? {}).join("\n");
  if (path.endsWith(".nft.json")) return ((JSON.parse(text) as { files?: string[] }).files ?? []).join("\n");
  if (path.endsWith(".map")) return sourcesOf(JSON.parse(text) as SourceMap).join("\n");
  return text;
}

/** Every built file under `dir` that names a lib/dev module. */
export function devLeaks(dir: string): DevLeak[] {
  const leaks: DevLeak[] = [];
  for (const path of files(dir)) {
    if (!/\.(m?js|cjs|json|map)$/.test(path) || statSync(path).size > MAX_READ_BYTES) continue;
    // The package.json OpenNext copies beside the server names lib/dev in its scripts: commands, not modules.
    if (basename(path) === "package.json") continue;
    const found = [...new Set(namesIn(path).match(DEV_PATH) ?? [])];
    if (found.length > 0) leaks.push({ file: relative(dir, path), paths: found.slice(0, 5) });
  }
  return leaks;
}
