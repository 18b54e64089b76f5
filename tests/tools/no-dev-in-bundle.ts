// `npx tsx tests/tools/no-dev-in-bundle.ts [dir ...]`: no module of lib/dev in the built output (lib/dev/edge/dev-leaks.ts):
// `.next/server` after `next build`, `.open-next` after `npm run build:edge` (which runs the same check itself).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { devLeaks } from "@/lib/dev/edge/dev-leaks";

export { devLeaks };

/** The worker's output when the edge build ran, and Next's server output when `next build` did. */
const DEFAULT_DIRS = [".open-next", ".next/server"];

function main(args: string[]): number {
  const dirs = (args.length > 0 ? args : DEFAULT_DIRS).filter((dir) => existsSync(dir));
  if (dirs.length === 0) {
    console.error(
      `Nothing built to check (${(args.length > 0 ? args : DEFAULT_DIRS).join(", ")}): run \`next build\` or \`npm run build:edge\` first.`,
    );
    return 2;
  }
  let leaked = false;
  for (const dir of dirs) {
    const leaks = devLeaks(dir);
    leaked ||= leaks.length > 0;
    for (const leak of leaks) console.error(`${join(dir, leak.file)} names lib/dev: ${leak.paths.join(", ")}`);
    if (leaks.length === 0) console.log(`${dir}: no lib/dev module in the built output`);
  }
  return leaked ? 1 : 0;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) process.exit(main(process.argv.slice(2)));
