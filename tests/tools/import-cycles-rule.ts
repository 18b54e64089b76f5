// No module imports itself back through others: a cycle means two files share one concept. The rule of
// eslint-plugin-import-x's no-cycle as the project used it, on the project's own source files only: every import,
// re-export and dynamic import() counts, except those that bring in types only (`import type`, `export type … from`,
// or one whose every name is `type`). Read with TypeScript's parser, resolved as tsconfig.json resolves them (`@/` is
// the project's root). Packages and build output (`.open-next/`, `.next/`) are left out: neither imports the sources
// back (a bundle holds copies, not imports).
import { dirname, join, normalize } from "node:path";
import ts from "typescript";

export interface ImportedModule {
  specifier: string;
  /** 1-based, for the message. */
  line: number;
}

/** The modules `source` needs at run time, in the order they appear. */
export function runtimeImports(fileName: string, source: string): ImportedModule[] {
  const kind = fileName.endsWith(".tsx") || fileName.endsWith(".jsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const file = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const found: ImportedModule[] = [];
  const add = (literal: ts.Expression | undefined) => {
    if (literal && ts.isStringLiteralLike(literal))
      found.push({ specifier: literal.text, line: file.getLineAndCharacterOfPosition(literal.getStart(file)).line + 1 });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      if (!typesOnly(node.importClause)) add(node.moduleSpecifier);
    } else if (ts.isExportDeclaration(node)) {
      if (!node.isTypeOnly && !everyNameIsType(node.exportClause)) add(node.moduleSpecifier);
    } else if (ts.isImportEqualsDeclaration(node)) {
      if (!node.isTypeOnly && ts.isExternalModuleReference(node.moduleReference)) add(node.moduleReference.expression);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      add(node.arguments[0]);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function typesOnly(clause: ts.ImportClause | undefined): boolean {
  if (!clause) return false; // `import "./x"`: run for its effects
  return clause.isTypeOnly || (!clause.name && everyNameIsType(clause.namedBindings));
}

/** `{ type A, type B }`: names that are all erased at build (a namespace or an empty list is not). */
function everyNameIsType(names: ts.NamedImportBindings | ts.NamedExportBindings | undefined): boolean {
  return (
    !!names &&
    (ts.isNamedImports(names) || ts.isNamedExports(names)) &&
    names.elements.length > 0 &&
    names.elements.every((e) => e.isTypeOnly)
  );
}

const EXTENSIONS = [".ts", ".tsx", ".mts", ".js", ".mjs", ".jsx"];

/**
 * The project source file `specifier` names from `importer` (both relative to the root), or undefined for a package
 * or for build output (a folder whose name starts with a dot, or node_modules).
 */
export function resolveImport(importer: string, specifier: string, isFile: (path: string) => boolean): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith("./") || specifier.startsWith("../")) base = join(dirname(importer), specifier);
  else return undefined;
  base = normalize(base);
  if (base.startsWith("..") || base.split("/").some((part) => part === "node_modules" || (part.startsWith(".") && part.length > 1)))
    return undefined;
  const candidates = [base, ...EXTENSIONS.map((ext) => base + ext), ...EXTENSIONS.map((ext) => join(base, `index${ext}`))];
  return candidates.find(isFile);
}

/**
 * Each cycle of the graph, once, as the files it passes through in import order (the first file repeated at the
 * end): one cycle for every group of files that import each other (Tarjan's strongly connected components) in
 * which some file is `watched`.
 */
export function findCycles(graph: ReadonlyMap<string, readonly string[]>, watched: (file: string) => boolean = () => true): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const connect = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if ((group.length > 1 || graph.get(file)?.includes(file)) && group.some(watched)) groups.push(group);
  };
  for (const file of [...graph.keys()].sort()) if (!index.has(file)) connect(file);
  return groups.map((group) => cycleThrough(graph, new Set(group)));
}

/** One cycle inside a group of files that import each other: from its first file (by name) back to it, shortest first. */
function cycleThrough(graph: ReadonlyMap<string, readonly string[]>, group: ReadonlySet<string>): string[] {
  const start = [...group].sort()[0]!;
  const previous = new Map<string, string>();
  const queue = [start];
  for (let i = 0; i < queue.length; i++) {
    for (const to of graph.get(queue[i]!) ?? []) {
      if (to === start) {
        const path = [start];
        for (let at: string | undefined = queue[i]; at !== undefined && at !== start; at = previous.get(at)) path.splice(1, 0, at);
        return [...path, start];
      }
      if (group.has(to) && !previous.has(to)) {
        previous.set(to, queue[i]!);
        queue.push(to);
      }
    }
  }
  return [start, start];
}
