// Uploaded ABIs in the bucket, one object per address (`abis/<address>.json`), shared by the team:
// the latest upload for an address replaces the one before.
import { z } from "zod";
import type { Bucket } from "@/lib/storage/bucket";
import { CorruptObjectError } from "@/lib/errors/internal-errors";
import { readJson, writeJson } from "@/lib/storage/json-objects";
import type { UploadedAbi } from "./uploaded-abi";

const PREFIX = "abis/";

const storedAbiSchema = z.object({
  address: z.string().regex(/^0x[0-9a-f]{40}$/),
  abi: z.array(z.unknown()),
  uploadedBy: z.string(),
  uploadedAt: z.string(),
});

export type StoredAbi = z.infer<typeof storedAbiSchema>;

/** The ABIs found, by address, and the addresses whose stored ABI is corrupt (skipped, not failing the others). */
export type FoundAbis = Map<string, StoredAbi> & { unreadable: string[] };

export class AbiStore {
  constructor(private readonly bucket: Bucket) {}

  async put(upload: UploadedAbi, uploadedBy: string, now = new Date()): Promise<StoredAbi> {
    const stored: StoredAbi = { address: upload.address, abi: upload.abi, uploadedBy, uploadedAt: now.toISOString() };
    await writeJson(this.bucket, key(upload.address), stored);
    return stored;
  }

  async get(address: string): Promise<StoredAbi | null> {
    return (await readJson(this.bucket, key(address), storedAbiSchema))?.value ?? null;
  }

  /** The ABIs of these addresses (those with one), read at once; a corrupt one is named in `unreadable`, not thrown. */
  async getMany(addresses: Iterable<string>): Promise<FoundAbis> {
    const unique = [...new Set([...addresses].map((a) => a.toLowerCase()))];
    const unreadable: string[] = [];
    const found = await Promise.all(
      unique.map((address) =>
        this.get(address).catch((error: unknown) => {
          if (!(error instanceof CorruptObjectError)) throw error;
          unreadable.push(address);
          return null;
        }),
      ),
    );
    const byAddress = new Map(found.flatMap((stored) => (stored ? [[stored.address, stored] as const] : [])));
    return Object.assign(byAddress, { unreadable });
  }
}

function key(address: string): string {
  return `${PREFIX}${address.toLowerCase()}.json`;
}
