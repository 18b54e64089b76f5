// The worker inside Miniflare behind lib/storage/local-bucket.ts: one request per bucket call, answered with the
// binding's result as plain data (and the bytes of a get). JavaScript that workerd runs as it is, so it is kept
// as text here: a module file next to it would not be copied into Next's standalone output, which starts it.
// Frames (both ways): the JSON's length in 4 bytes (big-endian), the JSON, then the bytes.
export const LOCAL_BUCKET_WORKER = `
const toHeaders = (value) => (value && Array.isArray(value.headers) ? new Headers(value.headers) : value);
const date = (ms) => (ms === undefined || ms === null ? undefined : new Date(ms));
function conditional(onlyIf) {
  if (!onlyIf || Array.isArray(onlyIf.headers)) return toHeaders(onlyIf);
  return { ...onlyIf, uploadedBefore: date(onlyIf.uploadedBefore), uploadedAfter: date(onlyIf.uploadedAfter) };
}
function metadata(value) {
  if (!value || Array.isArray(value.headers)) return toHeaders(value);
  return { ...value, cacheExpiry: date(value.cacheExpiry) };
}
const digest = (value) => (value && Array.isArray(value.bytes) ? new Uint8Array(value.bytes).buffer : value);
function plain(object) {
  if (object === null) return null;
  const headers = new Headers();
  object.writeHttpMetadata(headers);
  const http = object.httpMetadata;
  return {
    key: object.key,
    version: object.version,
    size: object.size,
    etag: object.etag,
    httpEtag: object.httpEtag,
    uploaded: object.uploaded.getTime(),
    httpMetadata: http && { ...http, cacheExpiry: http.cacheExpiry ? http.cacheExpiry.getTime() : undefined },
    customMetadata: object.customMetadata,
    range: object.range,
    storageClass: object.storageClass,
    headers: [...headers],
  };
}
function frame(json, data) {
  const text = new TextEncoder().encode(JSON.stringify(json));
  const bytes = new Uint8Array(4 + text.length + (data ? data.length : 0));
  new DataView(bytes.buffer).setUint32(0, text.length);
  bytes.set(text, 4);
  if (data) bytes.set(data, 4 + text.length);
  return new Response(bytes);
}
async function run(bucket, op, args, data) {
  switch (op) {
    case "head":
      return [plain(await bucket.head(args.key))];
    case "get": {
      const options = args.options && { ...args.options, onlyIf: conditional(args.options.onlyIf) };
      const object = await bucket.get(args.key, options);
      if (object === null || !("body" in object)) return [plain(object)];
      const bytes = new Uint8Array(await object.arrayBuffer());
      return [{ ...plain(object), hasBody: true }, bytes];
    }
    case "put": {
      const o = args.options;
      const options = o && {
        ...o,
        onlyIf: conditional(o.onlyIf),
        httpMetadata: metadata(o.httpMetadata),
        md5: digest(o.md5),
        sha1: digest(o.sha1),
        sha256: digest(o.sha256),
      };
      return [plain(await bucket.put(args.key, data, options))];
    }
    case "delete":
      await bucket.delete(args.keys);
      return [null];
    case "list": {
      const listed = await bucket.list(args.options);
      return [{ ...listed, objects: listed.objects.map(plain) }];
    }
    case "createMultipartUpload": {
      const options = args.options && { ...args.options, httpMetadata: metadata(args.options.httpMetadata) };
      const upload = await bucket.createMultipartUpload(args.key, options);
      return [{ uploadId: upload.uploadId }];
    }
    case "uploadPart":
      return [await bucket.resumeMultipartUpload(args.key, args.uploadId).uploadPart(args.partNumber, data)];
    case "abort":
      await bucket.resumeMultipartUpload(args.key, args.uploadId).abort();
      return [null];
    case "complete":
      return [plain(await bucket.resumeMultipartUpload(args.key, args.uploadId).complete(args.parts))];
    default:
      throw new Error("unknown bucket call " + op);
  }
}
export default {
  async fetch(request, env) {
    const bytes = new Uint8Array(await request.arrayBuffer());
    const length = new DataView(bytes.buffer).getUint32(0);
    const { op, args } = JSON.parse(new TextDecoder().decode(bytes.subarray(4, 4 + length)));
    try {
      const [result, data] = await run(env.BUCKET, op, args, bytes.subarray(4 + length));
      return frame({ result }, data);
    } catch (error) {
      return frame({ error: { name: error.name, message: error.message } });
    }
  },
};
`;
