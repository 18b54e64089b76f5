// The bucket binding API (platform document: "Bucket binding methods"), as Preflight uses it. The local
// Miniflare bucket and the edge runtime's real binding both satisfy it, so the same code runs on both.

export interface StoreConditional {
  etagMatches?: string;
  etagDoesNotMatch?: string;
  uploadedBefore?: Date;
  uploadedAfter?: Date;
}

export interface StoreHTTPMetadata {
  contentType?: string;
  contentLanguage?: string;
  contentDisposition?: string;
  contentEncoding?: string;
  cacheControl?: string;
  cacheExpiry?: Date;
}

export type StoreRange = { offset: number; length?: number } | { offset?: number; length: number } | { suffix: number };

export interface StoreObject {
  key: string;
  version: string;
  size: number;
  etag: string;
  httpEtag: string;
  uploaded: Date;
  httpMetadata?: StoreHTTPMetadata;
  customMetadata?: Record<string, string>;
  range?: StoreRange;
  storageClass?: string;
  writeHttpMetadata(headers: Headers): void;
}

export interface StoreObjectBody extends StoreObject {
  readonly body: ReadableStream;
  readonly bodyUsed: boolean;
  arrayBuffer(): Promise<ArrayBuffer>;
  text(): Promise<string>;
  json<T>(): Promise<T>;
}

export interface StoreGetOptions {
  onlyIf?: StoreConditional | Headers;
  range?: StoreRange;
}

export interface StorePutOptions {
  onlyIf?: StoreConditional | Headers;
  httpMetadata?: StoreHTTPMetadata | Headers;
  customMetadata?: Record<string, string>;
  md5?: ArrayBuffer | string;
  sha1?: ArrayBuffer | string;
  sha256?: ArrayBuffer | string;
  storageClass?: "Standard" | "InfrequentAccess";
}

export interface StoreListOptions {
  limit?: number;
  prefix?: string;
  cursor?: string;
  delimiter?: string;
  include?: Array<"httpMetadata" | "customMetadata">;
}

export interface StoreObjects {
  objects: StoreObject[];
  truncated: boolean;
  cursor?: string;
  delimitedPrefixes: string[];
}

export interface StoreUploadedPart {
  partNumber: number;
  etag: string;
}

export interface StoreMultipartUpload {
  readonly key: string;
  readonly uploadId: string;
  uploadPart(partNumber: number, value: ArrayBuffer | ArrayBufferView | string): Promise<StoreUploadedPart>;
  abort(): Promise<void>;
  complete(uploadedParts: StoreUploadedPart[]): Promise<StoreObject>;
}

export type StoreValue = ReadableStream | ArrayBuffer | ArrayBufferView | string | null | Blob;

export interface Bucket {
  head(key: string): Promise<StoreObject | null>;
  /** A failed precondition gives a StoreObject without a body. */
  get(key: string, options?: StoreGetOptions): Promise<StoreObjectBody | StoreObject | null>;
  /** A failed precondition gives null and stores nothing. */
  put(key: string, value: StoreValue, options?: StorePutOptions): Promise<StoreObject | null>;
  delete(keys: string | string[]): Promise<void>;
  list(options?: StoreListOptions): Promise<StoreObjects>;
  createMultipartUpload(
    key: string,
    options?: { httpMetadata?: StoreHTTPMetadata | Headers; customMetadata?: Record<string, string> },
  ): Promise<StoreMultipartUpload>;
  resumeMultipartUpload(key: string, uploadId: string): StoreMultipartUpload;
}

/** Tells a body from a failed precondition's bare metadata without touching `body` (Miniflare's proxy opens it on access). */
export function hasBody(object: StoreObject | StoreObjectBody | null): object is StoreObjectBody {
  return object !== null && typeof (object as Partial<StoreObjectBody>).text === "function";
}
