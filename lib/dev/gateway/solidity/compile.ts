// Compiles the demo chain's Solidity contracts with solc (the real compiler, offline: solc-js). It takes
// seconds, so the seed uses the committed artifacts.json; tests/unit/gateway/solidity-artifacts.test.ts
// recompiles and compares, and `npx tsx lib/dev/gateway/solidity/compile.ts` writes them again.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import solc from "solc";

export const SOURCES = ["DemoToken", "DemoNft", "DemoProxy", "Splitter"] as const;
const DIR = join(process.cwd(), "lib", "dev", "gateway", "solidity");
export const ARTIFACTS_PATH = join(DIR, "artifacts.json");

export interface Artifact {
  abi: unknown[];
  /** Creation code (constructor arguments are appended to it). */
  bytecode: `0x${string}`;
  deployedBytecode: `0x${string}`;
}

export type Artifacts = { compiler: string; contracts: Record<string, Artifact> };

export function compileDemoContracts(): Artifacts {
  const input = {
    language: "Solidity",
    sources: Object.fromEntries(SOURCES.map((name) => [`${name}.sol`, { content: readFileSync(join(DIR, `${name}.sol`), "utf8") }])),
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: "cancun",
      // No metadata hash: the same source gives the same bytes wherever it is compiled.
      metadata: { bytecodeHash: "none" },
      outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
    },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: Array<{ severity: string; formattedMessage: string }>;
    contracts: Record<
      string,
      Record<string, { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
    >;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const contracts: Record<string, Artifact> = {};
  for (const file of Object.values(output.contracts)) {
    for (const [name, contract] of Object.entries(file)) {
      contracts[name] = {
        abi: contract.abi,
        bytecode: `0x${contract.evm.bytecode.object}`,
        deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
      };
    }
  }
  return { compiler: solc.version(), contracts };
}

if (process.argv[1]?.endsWith("compile.ts")) {
  writeFileSync(ARTIFACTS_PATH, `${JSON.stringify(compileDemoContracts(), null, 1)}\n`);
  console.log(`wrote ${ARTIFACTS_PATH}`);
}
