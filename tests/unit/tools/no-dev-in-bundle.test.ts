// The bundle scan finds a lib/dev module however the bundler names it, and passes output that has none.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { devLeaks } from "@/tests/tools/no-dev-in-bundle";

let dir: string;
const write = (path: string, text: string) => {
  mkdirSync(join(dir, path, ".."), { recursive: true });
  writeFileSync(join(dir, path), text);
};

describe("no lib/dev in the built output", () => {
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("names each file whose modules, traces or metafile inputs come from lib/dev", () => {
    dir = mkdtempSync(join(tmpdir(), "bundle-"));
    write("chunks/ssr/a.js", 'module.exports = { "[project]/lib/dev/sandbox/router.ts [app-rsc] (ecmascript)": 1 };');
    write("app/page.js.nft.json", JSON.stringify({ version: 1, files: ["../../../lib/dev/gateway/main.ts"] }));
    write("handler.mjs.meta.json", JSON.stringify({ inputs: { "lib/dev/launcher/start.ts": {} }, outputs: {} }));
    write("chunks/clean.js", 'export const said = "the sandbox serves what the real API answers"; import "@/lib/platform/client";');
    write("cache/old.js", "[project]/lib/dev/sandbox/router.ts");
    expect(
      devLeaks(dir)
        .map((leak) => leak.file)
        .sort(),
    ).toEqual(["app/page.js.nft.json", "chunks/ssr/a.js", "handler.mjs.meta.json"]);
  });

  it("passes output that names no lib/dev module", () => {
    dir = mkdtempSync(join(tmpdir(), "bundle-"));
    write("chunks/a.js", '"[project]/lib/platform/client.ts [app-rsc]"; "my-lib/dev/x"');
    write("app/page.js.nft.json", JSON.stringify({ version: 1, files: ["../../node_modules/next/dist/server/next.js"] }));
    expect(devLeaks(dir)).toEqual([]);
  });
});
