// The decoder's sources for one server request: uploaded ABIs from the bucket (listed at most once per
// LISTING_TTL_MS, read only for addresses that have one), code and storage through the request's gateway
// client, code cached per block (or for a minute when read at the latest one), the node's state horizon
// shared by the process.
import "server-only";
import { listAll } from "@/lib/storage/json-objects";
import { getBucket } from "@/lib/storage/bucket-provider";
import { meteredBucket } from "@/lib/storage/metered-bucket";
import type { GatewayClient } from "@/lib/gateway/gateway-client";
import { AbiStore } from "./abi-store";
import { forgetUploadedAddresses, uploadedAddresses } from "./uploaded-listing";
import { codeCache } from "./code-cache";
import { readCodeThrough, storageAtBlock } from "./code-reader";
import { stateHorizon } from "./state-horizon";
import { UNREADABLE_ABI } from "./decode-frame";
import type { DecodeDeps } from "./decode-traces";

export async function openAbiStore(
  gateway: Pick<GatewayClient, "scheduler">,
): Promise<{ store: AbiStore; uploaded: () => Promise<Set<string>> }> {
  const bucket = meteredBucket(await getBucket(), gateway.scheduler);
  // One list call tells which addresses have an ABI: no read for the (many) that have none.
  const list = async () => {
    const found = new Set<string>();
    for await (const object of listAll(bucket, { prefix: "abis/" })) found.add(object.key.slice("abis/".length, -".json".length));
    return found;
  };
  // One listing per server request at most: its own, or one an earlier request finished (uploaded-listing.ts).
  let own: Promise<Set<string>> | undefined;
  const uploaded = () => {
    if (!own) {
      const reading = uploadedAddresses(list);
      // A failed listing is not kept: the request's next decoded read tries again.
      reading.catch(() => own === reading && (own = undefined));
      own = reading;
    }
    return own;
  };
  return { store: new ListedAbiStore(bucket), uploaded };
}

/** An upload forgets the process's listing, so this process decodes with it at once. */
class ListedAbiStore extends AbiStore {
  override async put(...args: Parameters<AbiStore["put"]>): ReturnType<AbiStore["put"]> {
    const stored = await super.put(...args);
    forgetUploadedAddresses();
    return stored;
  }
}

export async function openDecoder(gateway: GatewayClient): Promise<DecodeDeps> {
  const { store, uploaded } = await openAbiStore(gateway);
  // Listed while the traces are read, not after them.
  uploaded().catch(() => undefined);
  return {
    abis: async (addresses) => {
      const known = await uploaded();
      const listed = addresses.filter((address) => known.has(address));
      if (listed.length === 0) return new Map(); // most frames: nothing uploaded for their addresses, nothing to read
      const stored = await store.getMany(listed);
      // A corrupt stored ABI marks only its address's frames (decoded without it), not the whole decode.
      const unreadable = stored.unreadable.map((address) => [address, UNREADABLE_ABI] as const);
      return new Map([...[...stored].map(([address, entry]) => [address, entry.abi] as const), ...unreadable]);
    },
    code: readCodeThrough(gateway, codeCache, stateHorizon),
    // A proxy's slot where the trace does not show its implementation: at the block only, never the latest one.
    storage: storageAtBlock(gateway),
  };
}
