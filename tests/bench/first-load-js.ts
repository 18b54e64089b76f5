// Figure 4c: first-load JavaScript of each page, read from the production build in .next: the root
// main files every page loads plus the entry chunks its client-reference manifest lists, each gzipped.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { runInNewContext } from "node:vm";
import { gzipSync } from "node:zlib";

interface RscManifest {
  entryJSFiles?: Record<string, string[]>;
}

function manifests(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return manifests(path);
    return name === "page_client-reference-manifest.js" ? [path] : [];
  });
}

/** Gzipped first-load JS per page route (KiB), largest first. */
export function firstLoadJs(root = ".next"): Array<{ route: string; kib: number }> {
  const build = JSON.parse(readFileSync(join(root, "build-manifest.json"), "utf8")) as { rootMainFiles: string[] };
  const gzipped = new Map<string, number>();
  const size = (file: string) => {
    if (!gzipped.has(file)) gzipped.set(file, gzipSync(readFileSync(join(root, file)), { level: 9 }).byteLength);
    return gzipped.get(file)!;
  };
  const serverApp = join(root, "server", "app");
  return manifests(serverApp)
    .map((path) => {
      const context = { globalThis: {} as { __RSC_MANIFEST?: Record<string, RscManifest> } };
      runInNewContext(readFileSync(path, "utf8"), context);
      const files = new Set(build.rootMainFiles);
      for (const manifest of Object.values(context.globalThis.__RSC_MANIFEST ?? {})) {
        for (const chunks of Object.values(manifest.entryJSFiles ?? {})) chunks.forEach((chunk) => files.add(chunk));
      }
      const route = `/${relative(serverApp, path).replace(/\/?page_client-reference-manifest\.js$/, "")}`;
      return { route, kib: [...files].reduce((sum, file) => sum + size(file), 0) / 1024 };
    })
    .sort((a, b) => b.kib - a.kib);
}
