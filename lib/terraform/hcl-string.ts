// HCL's lexical rules for what the export writes: quoted strings (escapes and template sequences),
// comments that a hostile description cannot break out of, and keys that are not identifiers.

const ESCAPES: Record<string, string> = { "\\": "\\\\", '"': '\\"', "\n": "\\n", "\r": "\\r", "\t": "\\t" };

/**
 * A quoted HCL string holding exactly `text`: backslash escapes, other control characters as \uNNNN, and
 * the template introductions doubled (`${` → `$${`, `%{` → `%%{`) so nothing in it is ever interpolated.
 */
export function hclString(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const char = text[i]!;
    const next = text[i + 1];
    if (ESCAPES[char]) out += ESCAPES[char];
    else if ((char === "$" || char === "%") && next === "{") out += char + char;
    else if (isControl(char) || isLoneSurrogate(text, i)) out += `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
    else out += char;
  }
  return `"${out}"`;
}

function isControl(char: string): boolean {
  const code = char.charCodeAt(0);
  return code < 0x20 || code === 0x7f || code === 0x2028 || code === 0x2029;
}

/** Half of a surrogate pair with no other half: UTF-8 cannot carry it. */
function isLoneSurrogate(text: string, i: number): boolean {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    return !(low >= 0xdc00 && low <= 0xdfff);
  }
  if (code >= 0xdc00 && code <= 0xdfff) {
    const high = text.charCodeAt(i - 1);
    return !(high >= 0xd800 && high <= 0xdbff);
  }
  return false;
}

/** One comment line's text: line breaks and control characters become spaces, so the text stays inside the comment. */
export function commentText(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) out += isControl(text[i]!) || isLoneSurrogate(text, i) ? " " : text[i];
  return out;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_-]*$/;

/** An object key: bare when it is an identifier, quoted otherwise (a ruleset id starting with a digit). */
export function hclKey(key: string): string {
  return IDENTIFIER.test(key) ? key : hclString(key);
}

export function isIdentifier(name: string): boolean {
  return IDENTIFIER.test(name);
}
