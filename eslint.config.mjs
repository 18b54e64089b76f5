import { readdirSync, readFileSync } from "node:fs";
import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// Folder boundaries (docs/architecture.md, "Folders"). A rule's options replace those of an earlier block for the same
// file, so each block below lists every restriction its files are under.
const root = import.meta.dirname;
const sources = (dir) =>
  readdirSync(`${root}/${dir}`, { recursive: true })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => `${dir}/${file}`);
const read = (file) => readFileSync(`${root}/${file}`, "utf8");

/** Never-shipped code (sandbox, demo gateway, launcher, edge scripts): only lib/dev and the tests use it. */
const NO_DEV = { group: ["@/lib/dev/**"], message: "lib/dev never ships: only lib/dev itself and the tests may import it." };

/** Server modules: they hold the token or the bucket, or call upstream. A type import is erased, so it is allowed. */
const SERVER_MODULES = [
  {
    group: ["@/lib/http/**", "@/lib/platform/**", "@/lib/storage/**", "@/lib/config", "@/lib/config-*"],
    allowTypeImports: true,
    message: "Browser code never imports a server module (a type import is fine): move what the browser needs to a pure module.",
  },
];
/** Every module of lib/ marked `import "server-only"`, by path: Next refuses them in a client bundle at build; this says so at lint. */
const SERVER_ONLY = sources("lib")
  .filter((file) => !file.startsWith("lib/dev/") && /^import "server-only";$/m.test(read(file)))
  .map((file) => ({
    name: `@/${file.replace(/\.tsx?$/, "")}`,
    allowTypeImports: true,
    message: "This module is server-only: browser code may import its types only.",
  }));

/** Domain modules are data to data: the HTTP layer calls them, never the reverse, and they are handed a platform client, never open one. */
const DOMAIN_BOUNDARY = [
  {
    group: ["@/lib/http/**"],
    message: "Domain modules never import lib/http: throw an error of lib/errors and let the operation answer it.",
  },
  {
    group: ["@/lib/platform/client"],
    allowTypeImports: true,
    message: "Domain modules take the platform client as a parameter (its type is fine); they never import its implementation.",
  },
];
const DOMAIN = ["migration", "certificates", "reviews", "validation-mode", "snapshots", "rulesets", "terraform", "changes", "drift"].map(
  (folder) => `lib/${folder}/**`,
);
/** An executed review sets the zone's baseline (reviews use drift); drift never reads a review back, so the two folders hold no cycle. */
const DRIFT_BOUNDARY = [
  {
    group: ["@/lib/reviews/**"],
    message: "lib/drift never imports lib/reviews: what a review kind needs of drift lives in lib/reviews/kinds/.",
  },
];
/** The platform's ruleset vocabulary: the migration, drift and reviews speak it, and it knows none of them. */
const RULESETS_BOUNDARY = [
  {
    group: ["@/lib/migration/**", "@/lib/reviews/**", "@/lib/drift/**"],
    message: "lib/rulesets is the platform's ruleset vocabulary: it never imports the migration, reviews or drift that use it.",
  },
];
/** I/O edges that sit in a domain folder on purpose. */
const DOMAIN_EXCEPTIONS = [
  "lib/validation-mode/read-query.ts", // the two validation operations' shared query parser: it reads the URL with lib/http/query
];

/** Server components that live among the components: rendered on the server only (each imports "server-only"). */
const SERVER_COMPONENTS = [
  "components/app-shell/connection-summary.tsx",
  "components/app-shell/current-user.tsx",
  "components/settings/runtime-limits.tsx",
];
/** Client components among the pages (`"use client"` at the top), found by path. */
const CLIENT_APP_FILES = sources("app").filter((file) => /^\s*(\/\/.*\n\s*)*["']use client["']/.test(read(file)));

const restrict = (patterns, paths = []) => ({ "@typescript-eslint/no-restricted-imports": ["error", { patterns, paths }] });

export default tseslint.config(
  { ignores: [".next/**", ".open-next/**", ".wrangler/**", "node_modules/**", "next-env.d.ts", "test-results/**", "playwright-report/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks, "@next/next": nextPlugin },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["error", "warn", "log"] }],
    },
  },
  {
    files: ["app/**", "components/**", "lib/**", "middleware.ts", "instrumentation.ts"],
    ignores: ["lib/dev/**"],
    rules: restrict([NO_DEV]),
  },
  { files: DOMAIN, ignores: DOMAIN_EXCEPTIONS, rules: restrict([NO_DEV, ...DOMAIN_BOUNDARY]) },
  { files: ["lib/drift/**"], rules: restrict([NO_DEV, ...DOMAIN_BOUNDARY, ...DRIFT_BOUNDARY]) },
  { files: ["lib/rulesets/**"], rules: restrict([NO_DEV, ...DOMAIN_BOUNDARY, ...RULESETS_BOUNDARY]) },
  {
    files: ["components/**", "lib/client/**", ...CLIENT_APP_FILES],
    ignores: SERVER_COMPONENTS,
    rules: restrict([NO_DEV, ...SERVER_MODULES], SERVER_ONLY),
  },
);
