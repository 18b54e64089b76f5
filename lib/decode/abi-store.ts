// Uploaded ABIs in the bucket, one object per address (`abis/<address>.json`), shared by the team:
// the latest upload for an address replaces the one before.
import { z } from "zod";
import type { Bucket } from "@/lib/storage/bucket";
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

  /** The ABIs of these addresses (those with one), read at once. */
  async getMany(addresses: Iterable<string>): Promise<Map<string, StoredAbi>> {
    const unique = [...new Set([...addresses].map((a) => a.toLowerCase()))];
    const found = await Promise.all(unique.map((address) => this.get(address)));
    return new Map(found.flatMap((stored) => (stored ? [[stored.address, stored] as const] : [])));
  }
}

function key(address: string): string {
  return `${PREFIX}${address.toLowerCase()}.json`;
}
