// `npm test`'s format step, beside prettier --check: no line of a source file over 160 characters (long-lines-rule.ts).
// Checks the files git tracks and new ones it does not ignore, so a file fails before it is committed.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { ALLOWED_LONG_LINES, isChecked, longLines, MAX_LINE, staleAllowances } from "./long-lines-rule";

const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");
// A file deleted but not yet committed is still listed: it has no lines to check.
const files = [...new Set(listFiles())].filter((path) => isChecked(path) && existsSync(path));
const found = files.flatMap((path) => longLines(path, read(path), ALLOWED_LONG_LINES[path]));
for (const long of found) console.error(`${long.path}:${long.line}: ${long.length} characters (at most ${MAX_LINE})`);
// A warning, not a failure: the list is emptied by hand once the lines it covers are split.
for (const [path, starts] of Object.entries(ALLOWED_LONG_LINES))
  for (const start of staleAllowances(read(path), starts))
    console.warn(`${path}: no long line starts with ${JSON.stringify(start)} any more: remove it from ALLOWED_LONG_LINES`);
if (found.length > 0) {
  console.error(
    `${found.length} line(s) over ${MAX_LINE} characters: split long strings with + and wrap long comments (Prettier does not).`,
  );
  process.exit(1);
}
console.log(`No line over ${MAX_LINE} characters in ${files.length} source files.`);

function listFiles(): string[] {
  try {
    const listed = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
    return listed.split("\0").filter(Boolean);
  } catch {
    return walk("."); // not a git checkout (an unpacked archive): every file but dependencies and dot-folders
  }
}

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = dir === "." ? entry.name : `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name.startsWith(".") ? [] : walk(path);
    return entry.isFile() ? [path] : [];
  });
}
