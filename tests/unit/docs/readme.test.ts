// The README stays a way in (short, two commands, one picture) and every relative link of the README and docs/
// leads somewhere: a file of the repository and, for a heading's anchor, that heading.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { anchors, codeBlocks, isExternal, links, section } from "./markdown";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const read = (path: string) => readFileSync(join(root, path), "utf8");
const readme = read("README.md");

const QUICK_START = ["npm ci && npm start", "npm ci && npm test"];
const MAX_README_BYTES = 12_000;

const pages = [
  "README.md",
  ...readdirSync(join(root, "docs"), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".md"))
    .map((file) => `docs/${file.split("\\").join("/")}`),
];

/** Where a page's relative link leads, from the repository's root, and the anchor it names. */
function resolveLink(page: string, target: string): { path: string; anchor?: string } {
  const [file = "", anchor] = target.split("#", 2);
  const decoded = decodeURIComponent(file);
  const absolute = file === "" ? join(root, page) : decoded.startsWith("/") ? join(root, decoded) : resolve(root, dirname(page), decoded);
  return { path: relative(root, absolute).split("\\").join("/"), anchor: anchor || undefined };
}

function brokenLinks(page: string): string[] {
  const broken: string[] = [];
  for (const { target } of links(read(page))) {
    if (isExternal(target)) continue;
    const { path, anchor } = resolveLink(page, target);
    if (path.startsWith("..")) broken.push(`${target} (outside the repository)`);
    else if (!existsSync(join(root, path))) broken.push(`${target} (no ${path})`);
    else if (anchor && path.endsWith(".md") && !anchors(read(path)).has(anchor))
      broken.push(`${target} (no heading #${anchor} in ${path})`);
    else if (anchor && statSync(join(root, path)).isDirectory()) broken.push(`${target} (an anchor on a folder)`);
  }
  return broken;
}

describe("README.md", () => {
  it(`is at most ${MAX_README_BYTES} bytes`, () => {
    expect(Buffer.byteLength(readme, "utf8")).toBeLessThanOrEqual(MAX_README_BYTES);
  });

  it("has a quick start of exactly the two commands, and no other command", () => {
    const commands = (markdown: string) => codeBlocks(markdown).flatMap((block) => block.map((line) => line.trim()).filter(Boolean));
    expect(commands(section(readme, "Quick start"))).toEqual(QUICK_START);
    expect(commands(readme)).toEqual(QUICK_START);
  });

  it("shows one picture, the Zones page", () => {
    expect(
      links(readme)
        .filter((link) => link.image)
        .map((link) => link.target),
    ).toEqual(["docs/images/zones.png"]);
  });

  it("links every page of docs/ (the index)", () => {
    const linked = new Set(links(readme).map((link) => resolveLink("README.md", link.target).path));
    const topLevel = pages.filter((page) => /^docs\/[^/]+\.md$/.test(page));
    expect(topLevel.filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe("links in README.md and docs/", () => {
  it("finds the pages", () => {
    expect(pages).toEqual(expect.arrayContaining(["README.md", "docs/configuration.md", "docs/upstream-contract.md"]));
  });

  it.each(pages)("%s: every relative link resolves (a file, and a heading for an anchor)", (page) => {
    expect(brokenLinks(page)).toEqual([]);
  });
});
