// The bucket as one server request sees it on the edge runtime: every call (head, get, put, list, delete,
// multipart) is a subrequest and holds one of the 6 connections, so each goes through the request's
// Scheduler like a fetch. A get's body is read inside its slot: an unread body would hold the connection.
import type { Scheduler } from "@/lib/platform/scheduler";
import { hasBody, type Bucket, type StoreMultipartUpload, type StoreObject, type StoreObjectBody } from "@/lib/storage/bucket";

export function meteredBucket(bucket: Bucket, scheduler: Scheduler): Bucket {
  const call = <T>(work: () => Promise<T>) => scheduler.subrequest(work);
  return {
    head: (key) => call(() => bucket.head(key)),
    get: (key, options) =>
      call(async () => {
        const object = await bucket.get(key, options);
        if (!hasBody(object)) return object;
        return buffered(object, new Uint8Array(await object.arrayBuffer()));
      }),
    put: (key, value, options) => call(() => bucket.put(key, value, options)),
    delete: (keys) => call(() => bucket.delete(keys)),
    list: (options) => call(() => bucket.list(options)),
    createMultipartUpload: async (key, options) => metered(await call(() => bucket.createMultipartUpload(key, options))),
    resumeMultipartUpload: (key, uploadId) => metered(bucket.resumeMultipartUpload(key, uploadId)),
  };
  function metered(upload: StoreMultipartUpload): StoreMultipartUpload {
    return {
      key: upload.key,
      uploadId: upload.uploadId,
      uploadPart: (partNumber, value) => call(() => upload.uploadPart(partNumber, value)),
      abort: () => call(() => upload.abort()),
      complete: (parts) => call(() => upload.complete(parts)),
    };
  }
}

/** The object's metadata with its bytes already read: reading it again costs no connection. */
function buffered(object: StoreObject, bytes: Uint8Array): StoreObjectBody {
  let used = false;
  const take = () => {
    used = true;
    return bytes;
  };
  return {
    key: object.key,
    version: object.version,
    size: object.size,
    etag: object.etag,
    httpEtag: object.httpEtag,
    uploaded: object.uploaded,
    httpMetadata: object.httpMetadata,
    customMetadata: object.customMetadata,
    range: object.range,
    storageClass: object.storageClass,
    writeHttpMetadata: (headers) => object.writeHttpMetadata(headers),
    get body() {
      return new Blob([take() as Uint8Array<ArrayBuffer>]).stream();
    },
    get bodyUsed() {
      return used;
    },
    arrayBuffer: async () => take().slice().buffer,
    text: async () => new TextDecoder().decode(take()),
    json: async <T>() => JSON.parse(new TextDecoder().decode(take())) as T,
  };
}
