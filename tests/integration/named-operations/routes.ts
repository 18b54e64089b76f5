// Every route handler file under app/api, with the URL it serves and the methods it exports, found by
// walking the folder (so a new route is enumerated without anyone listing it).
import { readdirSync, statSync } from "node:fs";
import { join, relative, sep } from "node:path";

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export interface RouteFile {
  file: string;
  /** e.g. `/api/zones/[id]/migration` */
  pattern: string;
  /** The dynamic segments, in order: `id`, or `...key` for a catch-all. */
  params: string[];
}

export function routeFiles(root = "app/api"): RouteFile[] {
  const found: RouteFile[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name === "route.ts") {
        const pattern = `/${relative("app", dir).split(sep).join("/")}`;
        const params = [...pattern.matchAll(/\[([^\]]+)\]/g)].map((m) => m[1]!);
        found.push({ file: path, pattern, params });
      }
    }
  };
  walk(root);
  return found.sort((a, b) => a.pattern.localeCompare(b.pattern));
}

/** The URL for a pattern with its dynamic segments filled in (already encoded by the caller). */
export function fillPattern(pattern: string, values: Record<string, string>): string {
  return pattern.replace(/\[(?:\.\.\.)?([^\]]+)\]/g, (_, name: string) => values[name] ?? "x");
}
