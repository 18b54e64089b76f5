// A bench-only production build: Preflight's sources copied beside the worktree with two extra routes from
// tests/bench/passthrough/ (the gateway passthrough, bare or checking every record; an operation answering N bytes),
// built by the same `next build`. The shipped build never holds them; the traces figure runs Preflight's route and the
// passthroughs from this one build, and diagnose/zones-floor.ts the cached zones answer beside the bytes operation.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { createHash } from "node:crypto";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BUILD_FILES, BUILD_SOURCES, buildIsStale } from "@/lib/dev/launcher/build-state";
import { run } from "@/lib/dev/launcher/processes";

export const PASSTHROUGH_PATH = "/api/bench-passthrough";

/** The bench build's directory (outside the worktree: no linter, type check or git sees the copy). */
export function benchBuildDir(root = process.cwd()): string {
  return join(tmpdir(), `preflight-bench-build-${createHash("sha256").update(root).digest("hex").slice(0, 10)}`);
}

/** Copies the sources (mtimes kept, so an unchanged copy is not rebuilt), adds the route, builds when stale. */
export async function ensureBenchBuild(root = process.cwd()): Promise<string> {
  const dir = benchBuildDir(root);
  mkdirSync(dir, { recursive: true });
  const lock = (d: string) => (existsSync(join(d, "package-lock.json")) ? readFileSync(join(d, "package-lock.json"), "utf8") : "");
  // Hard links: 1.3 GB of packages cost no space, and Turbopack refuses a node_modules symlinked from outside its root.
  if (!existsSync(join(dir, "node_modules")) || lock(dir) !== lock(root)) {
    rmSync(join(dir, "node_modules"), { recursive: true, force: true });
    execFileSync("cp", ["-al", join(root, "node_modules"), join(dir, "node_modules")]);
  }
  for (const source of BUILD_SOURCES) {
    rmSync(join(dir, source), { recursive: true, force: true });
    if (existsSync(join(root, source))) execFileSync("cp", ["-a", join(root, source), join(dir, source)]);
  }
  for (const file of BUILD_FILES) if (existsSync(join(root, file))) execFileSync("cp", ["-a", join(root, file), join(dir, file)]);
  for (const [route, source] of [
    ["bench-passthrough", "route.ts"],
    ["bench-bytes", "bytes-route.ts"],
  ]) {
    mkdirSync(join(dir, "app", "api", route!), { recursive: true });
    execFileSync("cp", ["-a", join(root, "tests/bench/passthrough", source!), join(dir, "app/api", route!, "route.ts")]);
  }
  if (buildIsStale(dir)) {
    console.log(`  building the bench build (Preflight + ${PASSTHROUGH_PATH}, /api/bench-bytes) in ${dir}…`);
    // The copy's own `next` (its hard-linked packages): one Next instance for the build and the app it builds.
    const code = await run(join(dir, "node_modules/.bin/next"), ["build", dir], { NEXT_TELEMETRY_DISABLED: "1" });
    if (code !== 0) {
      rmSync(join(dir, ".next", "BUILD_ID"), { force: true }); // never mistaken for a finished build
      throw new Error(`the bench build failed (next build exited ${code})`);
    }
  }
  return dir;
}
