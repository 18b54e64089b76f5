// The size build:edge prints: every uploaded module gzip-compressed; source maps and notes are not uploaded.
import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bundledModules, workerSize } from "@/lib/dev/edge/worker-size";

describe("worker size", () => {
  it("counts the modules, not the map or the README, compressed", () => {
    const dir = mkdtempSync(join(tmpdir(), "preflight-size-"));
    mkdirSync(join(dir, "chunks"));
    const code = "export default {};\n".repeat(500);
    writeFileSync(join(dir, "worker.js"), code);
    writeFileSync(join(dir, "chunks", "a.mjs"), code);
    writeFileSync(join(dir, "worker.js.map"), "{}".repeat(10_000));
    writeFileSync(join(dir, "README.md"), "dry run");
    const files = bundledModules(dir)
      .map((file) => file.slice(dir.length + 1))
      .sort();
    expect(files).toEqual(["chunks/a.mjs", "worker.js"]);
    const size = workerSize(bundledModules(dir));
    expect(size.raw).toBe(2 * code.length);
    expect(size.gzip).toBe(2 * gzipSync(code, { level: 9 }).byteLength);
    expect(size.gzip).toBeLessThan(size.raw / 10);
  });
});
