// The pictures in the docs are the ones `npm run docs:screenshots` takes: each exists, each is shown, each
// section of the dashboard has one, and no picture is shown that the script does not take (so none goes stale).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { SECTIONS } from "@/components/app-shell/sections";
import { IMAGES_DIR, SCREENSHOTS } from "@/tests/docs/screenshot-pages";

const root = process.cwd();

function markdownFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? markdownFiles(path) : entry.name.endsWith(".md") ? [path] : [];
  });
}

/** Every PNG a page shows (Markdown image or HTML img), as a path from the repository's root. */
function picturesShown(): Array<{ page: string; image: string }> {
  const pages = [join(root, "README.md"), ...markdownFiles(join(root, "docs"))];
  return pages.flatMap((page) => {
    const text = readFileSync(page, "utf8");
    const targets = [...text.matchAll(/!\[[^\]]*\]\(([^)\s]+\.png)[^)]*\)|<img[^>]*\ssrc="([^"]+\.png)"/g)].map((m) => (m[1] ?? m[2])!);
    return targets.map((target) => ({ page: relative(root, page), image: relative(root, resolve(dirname(page), target)) }));
  });
}

const shown = picturesShown();
const taken = new Set<string>(SCREENSHOTS.map((s) => `${IMAGES_DIR}/${s.file}`));

describe("docs screenshots", () => {
  it("every picture a docs page shows exists", () => {
    const missing = shown.filter(({ image }) => !existsSync(join(root, image))).map(({ page, image }) => `${page} → ${image}`);
    expect(missing).toEqual([]);
  });

  it("every picture a docs page shows is one the screenshot script takes", () => {
    const untracked = shown.filter(({ image }) => !taken.has(image)).map(({ page, image }) => `${page} → ${image}`);
    expect(untracked).toEqual([]);
  });

  it("every picture the screenshot script takes is shown by a docs page", () => {
    const images = new Set(shown.map(({ image }) => image));
    expect([...taken].filter((image) => !images.has(image))).toEqual([]);
  });

  it("every picture under docs/images is one the screenshot script takes (no stale picture left behind)", () => {
    const dir = join(root, IMAGES_DIR);
    const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith(".png")) : [];
    expect(files.map((name) => `${IMAGES_DIR}/${name}`).filter((image) => !taken.has(image))).toEqual([]);
  });

  it("every section of the dashboard has a picture", () => {
    const routes = new Set<string>(SCREENSHOTS.map((s) => s.route));
    expect(SECTIONS.map((s) => s.href).filter((href) => !routes.has(href))).toEqual([]);
  });

  it("the user guide has a page for every section, with a picture", () => {
    const guide = shown.filter(({ page }) => page.startsWith("docs/user-guide/"));
    expect(new Set(guide.map(({ page }) => page)).size).toBeGreaterThanOrEqual(SECTIONS.length);
  });
});
