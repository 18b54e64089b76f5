// `npm run docs:api`: writes docs/api.md from the operations registry and the ErrorKind table.
import { mkdirSync, writeFileSync } from "node:fs";
import { renderApiDoc } from "@/tests/tools/api-doc/render";

mkdirSync("docs", { recursive: true });
writeFileSync("docs/api.md", renderApiDoc());
console.log("docs/api.md written");
