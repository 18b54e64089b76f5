// Whether the production build is older than the sources, so `npm start` builds only when needed.
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** What a production build is made from: the source folders and the files beside them (middleware.ts too). */
export const BUILD_SOURCES = ["app", "components", "lib", "public"];
export const BUILD_FILES = [
  "next.config.mjs",
  "package.json",
  "package-lock.json",
  "tailwind.config.ts",
  "postcss.config.mjs",
  "tsconfig.json",
  "instrumentation.ts",
  "middleware.ts",
];

export function buildIsStale(root: string): boolean {
  const buildId = join(root, ".next", "BUILD_ID");
  if (!existsSync(buildId)) return true;
  const builtAt = statSync(buildId).mtimeMs;
  const newest = Math.max(...BUILD_FILES.map((file) => mtime(join(root, file))), ...BUILD_SOURCES.map((dir) => newestIn(join(root, dir))));
  return newest > builtAt;
}

function mtime(path: string): number {
  return existsSync(path) ? statSync(path).mtimeMs : 0;
}

function newestIn(dir: string): number {
  if (!existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestIn(path) : statSync(path).mtimeMs);
  }
  return newest;
}
