// The line-length rule of `npm test`'s format step (issue 16): Prettier (printWidth 140) breaks code, but not a long
// string or comment; those must be split by hand (`+` at a word boundary, or a wrapped comment), never past 160.

export const MAX_LINE = 160;

/** The sources checked: what Prettier formats as code. */
export const SOURCE_FILE = /\.(ts|tsx|mjs|js)$/;

/** Copied data and generated files keep the bytes they came with (as in .prettierignore), build output is not source. */
const SKIPPED = [/^tests\/fixtures\//, /^public\//, /(^|\/)node_modules\//, /^\.(next|open-next|wrangler)\//, /(^|\/)next-env\.d\.ts$/];

export function isChecked(path: string): boolean {
  return SOURCE_FILE.test(path) && !SKIPPED.some((pattern) => pattern.test(path));
}

/**
 * Long lines let through, by path and how each line starts (a line number would move with any edit above it),
 * each with a comment saying why it cannot be split. Empty: every line is within the limit.
 */
export const ALLOWED_LONG_LINES: Readonly<Record<string, readonly string[]>> = {};

export interface LongLine {
  path: string;
  line: number;
  length: number;
}

/** The lines of one file over the limit (in characters, not bytes), except those `allowed` names by their start. */
export function longLines(path: string, text: string, allowed: readonly string[] = [], max = MAX_LINE): LongLine[] {
  return text.split(/\r?\n/).flatMap((content, index) => {
    const length = [...content].length;
    if (length <= max || allowed.some((start) => content.trimStart().startsWith(start))) return [];
    return [{ path, line: index + 1, length }];
  });
}

/** Allow-list entries no long line of the file starts with any more (split, or gone): they should be removed. */
export function staleAllowances(text: string, allowed: readonly string[], max = MAX_LINE): string[] {
  const long = text
    .split(/\r?\n/)
    .filter((content) => [...content].length > max)
    .map((content) => content.trimStart());
  return allowed.filter((start) => !long.some((content) => content.startsWith(start)));
}
