// The Bucket seen from Node when each call is one request to the worker in lib/storage/local-bucket-worker.ts: the
// call and its bytes go out as a frame, the binding's answer comes back as plain data and is rebuilt here as the
// binding's shapes (dates, Headers, a body read once). Pure: the transport is the caller's (lib/storage/local-bucket.ts).
import type {
  Bucket,
  StoreConditional,
  StoreGetOptions,
  StoreHTTPMetadata,
  StoreMultipartUpload,
  StoreObject,
  StoreObjectBody,
  StorePutOptions,
  StoreValue,
} from "@/lib/storage/bucket";

/** Sends one frame to the worker and resolves with its answer's frame. */
export type Dispatch = (body: Uint8Array) => Promise<Uint8Array>;

/** An object as the worker answers it: the binding's fields, dates as milliseconds, its HTTP metadata as headers. */
interface WireObject {
  key: string;
  version: string;
  size: number;
  etag: string;
  httpEtag: string;
  uploaded: number;
  httpMetadata?: Omit<StoreHTTPMetadata, "cacheExpiry"> & { cacheExpiry?: number };
  customMetadata?: Record<string, string>;
  range?: StoreObject["range"];
  storageClass?: string;
  /** What the binding's writeHttpMetadata() writes into a Headers. */
  headers: Array<[string, string]>;
  /** A get's object with its bytes (the frame's data); a failed precondition's object has none. */
  hasBody?: boolean;
}

/** The Bucket over one request per call: what the binding answers, rebuilt as the binding's shapes. */
export function localBucket(dispatch: Dispatch): Bucket {
  const call = async (op: string, args: unknown, data?: Uint8Array) => {
    const answer = decodeFrame(await dispatch(encodeFrame({ op, args }, data)));
    const { result, error } = answer.json as { result?: unknown; error?: { name: string; message: string } };
    if (error) throw Object.assign(new Error(error.message), { name: error.name });
    return { result, data: answer.data };
  };
  const upload = (key: string, uploadId: string): StoreMultipartUpload => ({
    key,
    uploadId,
    uploadPart: async (partNumber, value) =>
      (await call("uploadPart", { key, uploadId, partNumber }, await bytesOf(value))).result as { partNumber: number; etag: string },
    abort: async () => void (await call("abort", { key, uploadId })),
    complete: async (parts) => objectOf((await call("complete", { key, uploadId, parts })).result as WireObject),
  });
  return {
    head: async (key) => nullableObject((await call("head", { key })).result as WireObject | null),
    get: async (key, options) => {
      const { result, data } = await call("get", { key, options: wireGetOptions(options) });
      const wire = result as WireObject | null;
      if (wire === null) return null;
      return wire.hasBody ? bodyOf(wire, data) : objectOf(wire);
    },
    put: async (key, value, options) => {
      const bytes = await bytesOf(value);
      return nullableObject((await call("put", { key, options: wirePutOptions(options) }, bytes)).result as WireObject | null);
    },
    delete: async (keys) => void (await call("delete", { keys })),
    list: async (options) => {
      const result = (await call("list", { options })).result as {
        objects: WireObject[];
        truncated: boolean;
        cursor?: string;
        delimitedPrefixes: string[];
      };
      return { ...result, objects: result.objects.map(objectOf) };
    },
    createMultipartUpload: async (key, options) => {
      const { uploadId } = (await call("createMultipartUpload", { key, options: wireMetadataOptions(options) })).result as {
        uploadId: string;
      };
      return upload(key, uploadId);
    },
    resumeMultipartUpload: (key, uploadId) => upload(key, uploadId),
  };
}

const nullableObject = (wire: WireObject | null) => (wire === null ? null : objectOf(wire));

function objectOf(wire: WireObject): StoreObject {
  const { headers, hasBody: _hasBody, uploaded, httpMetadata, ...fields } = wire;
  const object: StoreObject = {
    ...fields,
    uploaded: new Date(uploaded),
    writeHttpMetadata: (target) => {
      for (const [name, value] of headers) target.set(name, value);
    },
  };
  if (httpMetadata !== undefined) {
    const { cacheExpiry, ...rest } = httpMetadata;
    object.httpMetadata = cacheExpiry === undefined ? rest : { ...rest, cacheExpiry: new Date(cacheExpiry) };
  }
  return object;
}

/** The body is read once, as the binding's is: a Response holds it with the same rules (bodyUsed, a second read refused). */
function bodyOf(wire: WireObject, bytes: Uint8Array): StoreObjectBody {
  const response = new Response(bytes as Uint8Array<ArrayBuffer>);
  // workerd's words for a second read, not undici's: the same refusal reads the same on Node and on the edge.
  const once = <T>(read: () => Promise<T>) =>
    response.bodyUsed
      ? Promise.reject(new TypeError("Body has already been used. It can only be used once. Use tee() first if you need to read it twice."))
      : read();
  return Object.assign(objectOf(wire), {
    get body() {
      return response.body!;
    },
    get bodyUsed() {
      return response.bodyUsed;
    },
    arrayBuffer: () => once(() => response.arrayBuffer()),
    text: () => once(() => response.text()),
    json: <T>() => once(() => response.json() as Promise<T>),
  });
}

async function bytesOf(value: StoreValue): Promise<Uint8Array> {
  if (value === null) return new Uint8Array(0);
  if (typeof value === "string") return new TextEncoder().encode(value);
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  return new Uint8Array(await new Response(value).arrayBuffer()); // a Blob or a ReadableStream
}

/** A request or answer to the worker: the JSON's length (4 bytes, big-endian), the JSON, then the bytes, if any. */
function encodeFrame(json: unknown, data: Uint8Array = new Uint8Array(0)): Uint8Array {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const frame = new Uint8Array(4 + text.length + data.length);
  new DataView(frame.buffer).setUint32(0, text.length);
  frame.set(text, 4);
  frame.set(data, 4 + text.length);
  return frame;
}

function decodeFrame(frame: Uint8Array): { json: unknown; data: Uint8Array } {
  const length = new DataView(frame.buffer, frame.byteOffset, frame.byteLength).getUint32(0);
  return { json: JSON.parse(new TextDecoder().decode(frame.subarray(4, 4 + length))), data: frame.subarray(4 + length) };
}

/** Headers and Dates do not survive JSON: headers travel as their entries, dates as milliseconds. */
type WireHeaders = { headers: Array<[string, string]> };
const wireHeaders = (headers: Headers): WireHeaders => ({ headers: [...headers] });

function wireConditional(onlyIf: StoreConditional | Headers | undefined) {
  if (onlyIf === undefined) return undefined;
  if (onlyIf instanceof Headers) return wireHeaders(onlyIf);
  return {
    ...onlyIf,
    uploadedBefore: onlyIf.uploadedBefore?.getTime(),
    uploadedAfter: onlyIf.uploadedAfter?.getTime(),
  };
}

function wireMetadata(metadata: StoreHTTPMetadata | Headers | undefined) {
  if (metadata === undefined) return undefined;
  if (metadata instanceof Headers) return wireHeaders(metadata);
  return { ...metadata, cacheExpiry: metadata.cacheExpiry?.getTime() };
}

const wireGetOptions = (options: StoreGetOptions | undefined) => options && { ...options, onlyIf: wireConditional(options.onlyIf) };

const wireMetadataOptions = (
  options: { httpMetadata?: StoreHTTPMetadata | Headers; customMetadata?: Record<string, string> } | undefined,
) => options && { ...options, httpMetadata: wireMetadata(options.httpMetadata) };

function wirePutOptions(options: StorePutOptions | undefined) {
  if (options === undefined) return undefined;
  const digest = (value: ArrayBuffer | string | undefined) =>
    value instanceof ArrayBuffer ? { bytes: [...new Uint8Array(value)] } : value;
  return {
    ...options,
    onlyIf: wireConditional(options.onlyIf),
    httpMetadata: wireMetadata(options.httpMetadata),
    md5: digest(options.md5),
    sha1: digest(options.sha1),
    sha256: digest(options.sha256),
  };
}
