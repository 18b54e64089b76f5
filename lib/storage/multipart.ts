// Large snapshots go up in parts: one put is bounded by the request body limit, a multipart upload is not.
import type { Bucket, StoreHTTPMetadata, StoreObject, StoreUploadedPart } from "@/lib/storage/bucket";

/** Parts are uniform except the last; 5 MiB is the smallest part the S3-style backends accept. */
export const PART_SIZE = 5 * 1024 * 1024;

export async function putLarge(
  bucket: Bucket,
  key: string,
  bytes: Uint8Array,
  options: { httpMetadata?: StoreHTTPMetadata; customMetadata?: Record<string, string>; partSize?: number } = {},
): Promise<StoreObject> {
  const partSize = options.partSize ?? PART_SIZE;
  if (bytes.byteLength <= partSize) {
    const stored = await bucket.put(key, exact(bytes), { httpMetadata: options.httpMetadata, customMetadata: options.customMetadata });
    if (!stored) throw new Error(`The bucket refused ${key}`);
    return stored;
  }
  const upload = await bucket.createMultipartUpload(key, { httpMetadata: options.httpMetadata, customMetadata: options.customMetadata });
  try {
    const parts: StoreUploadedPart[] = [];
    for (let offset = 0, partNumber = 1; offset < bytes.byteLength; offset += partSize, partNumber++) {
      parts.push(await upload.uploadPart(partNumber, exact(bytes.subarray(offset, offset + partSize))));
    }
    return await upload.complete(parts);
  } catch (error) {
    await upload.abort().catch(() => undefined); // the original failure is the one worth reporting
    throw error;
  }
}

/** An ArrayBuffer holding exactly these bytes: a view into a shared pool (Node's Buffer) is not sent whole. */
function exact(view: Uint8Array): ArrayBuffer {
  return view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength) as ArrayBuffer;
}
