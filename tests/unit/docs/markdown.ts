// Reading Markdown as GitHub renders it, for the docs tests: what is code, which links a page holds, which
// anchors its headings make.

/** The text with fenced code blocks blanked, line for line. */
export function withoutFences(markdown: string): string {
  let fence: string | undefined;
  const lines = markdown.split("\n").map((line) => {
    const marker = /^\s*(`{3,}|~{3,})/.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = undefined;
      return "";
    }
    if (marker) {
      fence = marker;
      return "";
    }
    return line;
  });
  return lines.join("\n");
}

/** The text with fenced code blocks and inline code spans blanked, so a link inside code is not read. */
export const withoutCode = (markdown: string) => withoutFences(markdown).replace(/(`+)[^`]*?\1/g, "");

/** The fenced code blocks' contents, each as its lines. */
export function codeBlocks(markdown: string): string[][] {
  const blocks: string[][] = [];
  let open: string[] | undefined;
  for (const line of markdown.split("\n")) {
    if (/^\s*(`{3,}|~{3,})/.test(line)) {
      if (open) blocks.push(open);
      open = open ? undefined : [];
    } else open?.push(line);
  }
  return blocks;
}

/** The section under a `## ` heading, up to the next heading of that level. */
export function section(markdown: string, heading: string): string {
  const lines = markdown.split("\n");
  const start = lines.indexOf(`## ${heading}`);
  if (start < 0) return "";
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines.slice(start + 1, end < 0 ? undefined : end).join("\n");
}

export interface Link {
  target: string;
  image: boolean;
}

/** Inline links and images (`[text](target "title")`, `![alt](target)`) and reference definitions (`[id]: target`). */
export function links(markdown: string): Link[] {
  const text = withoutCode(markdown);
  const inline = [...text.matchAll(/(!?)\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => ({
    target: m[2]!,
    image: m[1] === "!",
  }));
  const references = [...text.matchAll(/^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s|$)/gm)].map((m) => ({ target: m[1]!, image: false }));
  return [...inline, ...references];
}

/** A link to another site (any scheme) rather than to a file of the repository. */
export const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//");

/** The anchors GitHub gives a page's headings: lower case, punctuation dropped, spaces to dashes, repeats numbered. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of withoutFences(markdown)
    .split("\n")
    .filter((l) => /^#{1,6} /.test(l))) {
    const base = line
      .replace(/^#{1,6} /, "")
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}
