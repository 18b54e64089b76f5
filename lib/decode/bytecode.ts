// A contract's own code read offline with whatsabi: the selectors of its dispatch table and the proxy
// patterns it follows (EIP-1967, Diamond, Safe…). Its internet loaders are off: the only provider it gets
// answers code we already read and storage through Preflight's gateway client.
import { autoload, abiFromBytecode } from "@shazow/whatsabi";
import type { proxies } from "@shazow/whatsabi";
import { SelectorSet } from "./selector-set";

type ProxyResolver = proxies.ProxyResolver;

export interface CodeAnalysis {
  hasCode: boolean;
  /** Selectors of the dispatch table. */
  selectors: SelectorSet;
  /** Proxy patterns found in the code (whatsabi's resolver names). */
  proxies: readonly ProxyResolver[];
  /** The node kept no state at the trace's block: this is the code at the latest block. */
  readAtLatest?: boolean;
}

/** Storage reads for proxy resolution, at the trace's block, through the gateway client. */
export type StorageReader = (address: string, slot: string) => Promise<string>;

export const NO_CODE: CodeAnalysis = { hasCode: false, selectors: new SelectorSet(), proxies: [] };

export async function analyseCode(address: string, code: string): Promise<CodeAnalysis> {
  if (!code || code === "0x") return NO_CODE;
  try {
    const result = await autoload(address, {
      provider: offlineProvider(code, refuse),
      abiLoader: false, // no Etherscan, Sourcify…: decoding reaches nothing but the gateway
      signatureLookup: false, // no 4byte, openchain…
      followProxies: false,
      onError: () => false,
    });
    return { hasCode: true, selectors: selectorsOf(result.abi), proxies: result.proxies };
  } catch {
    // A Diamond lists its facets from storage, which this offline provider refuses: its own selectors still count.
    return { hasCode: true, selectors: selectorsOf(abiFromBytecode(code)), proxies: [] };
  }
}

/** The implementation behind a proxy by its resolvers (storage read through `storage`), or undefined. */
export async function resolveProxy(
  analysis: CodeAnalysis,
  address: string,
  code: string | undefined,
  storage: StorageReader,
  selector?: string,
): Promise<string | undefined> {
  const provider = offlineProvider(code, storage);
  for (const resolver of analysis.proxies) {
    try {
      const resolved = await resolver.resolve(provider, address, selector);
      if (resolved && !/^0x0{40}$/.test(resolved)) return resolved.toLowerCase();
    } catch {
      // this pattern does not resolve here (e.g. a Diamond without the selector): try the next
    }
  }
  return undefined;
}

function selectorsOf(abi: ReadonlyArray<{ type: string; selector?: string }>): SelectorSet {
  return new SelectorSet(abi.flatMap((item) => (item.type === "function" && item.selector ? [item.selector] : [])));
}

async function refuse(): Promise<string> {
  throw new Error("storage is not read while listing selectors");
}

function offlineProvider(code: string | undefined, storage: StorageReader) {
  return {
    // whatsabi's resolvers read storage only; the code is there for one that would ask (absent when cached).
    getCode: async () => {
      if (code === undefined) throw new Error("the code is not kept once analysed");
      return code;
    },
    getStorageAt: (address: string, slot: number | string) => storage(address, typeof slot === "number" ? `0x${slot.toString(16)}` : slot),
    call: async () => {
      throw new Error("no eth_call: decoding reads code and storage only");
    },
    getAddress: async () => {
      throw new Error("no ENS: decoding reaches nothing but the gateway");
    },
  };
}
