// Upstream calls on Node: the part of `fetch` the Scheduler uses, over node:http(s), answering a standard Response.
// Node 20's own fetch keeps each call's state reachable until a mark-compact: about 13 KB a call survives every
// scavenge however large the young generation (measured on Node 20.20, undici 6.24; node:http answering the same
// Response leaves under 1 KB). A 5,000-zone scan makes about 40,000 calls, and the old generation's growth sets how
// far V8 lets the heap grow before it collects (docs/benchmarks.md, figure 6). workerd keeps its own fetch.
import http from "node:http";
import https from "node:https";
import { finished, pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";

// Made on the first call (workerd never makes them). Idle connections close after 4 s, as undici's do: a server
// closing an idle connection first would fail the next call sent on it.
const IDLE_MS = 4_000;
let agents: Record<string, http.Agent> | undefined;
const agentFor = (protocol: string) =>
  (agents ??= {
    "http:": new http.Agent({ keepAlive: true, timeout: IDLE_MS }),
    "https:": new https.Agent({ keepAlive: true, timeout: IDLE_MS }),
  })[protocol];

/** Lenient about a truncated end, as fetch is. */
const ZLIB_LENIENT = { flush: zlib.constants.Z_SYNC_FLUSH, finishFlush: zlib.constants.Z_SYNC_FLUSH };
const gunzip = () => zlib.createGunzip(ZLIB_LENIENT);
/** The codings fetch decodes; an answer in any other passes through as sent, as fetch passes it. */
const decoders: Record<string, () => zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress> = {
  gzip: gunzip,
  "x-gzip": gunzip,
  deflate: () => zlib.createInflate(ZLIB_LENIENT),
  br: () =>
    zlib.createBrotliDecompress({ flush: zlib.constants.BROTLI_OPERATION_FLUSH, finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH }),
};

/** Statuses whose Response has no body (the Response constructor refuses one). */
const NULL_BODY = new Set([204, 205, 304]);

/**
 * `fetch` for what the Scheduler sends: a method, headers, a string body, a signal, `redirect: "manual"` (a redirect
 * is answered, never followed). Like fetch it sends its default headers, asks for compressed answers and decodes
 * them, rejects with the signal's reason when aborted, and with a TypeError whose `cause` is the socket's error when
 * the call fails.
 */
export const nodeFetch: typeof fetch = (input, init = {}) => {
  const url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
  const agent = agentFor(url.protocol);
  if (!agent) return Promise.reject(new TypeError(`nodeFetch: ${url.protocol} is not http: or https:`));
  if (init.redirect !== "manual") return Promise.reject(new TypeError('nodeFetch: only redirect: "manual" is supported'));
  if (init.body != null && typeof init.body !== "string")
    return Promise.reject(new TypeError("nodeFetch: only string bodies are supported"));
  const { signal } = init;
  if (signal?.aborted) return Promise.reject(signal.reason);
  const headers = Object.fromEntries(new Headers(init.headers));
  // What fetch sends when the caller does not: some WAF rules refuse a request without a User-Agent.
  headers.accept ??= "*/*";
  headers["user-agent"] ??= "node";
  headers["accept-encoding"] ??= "gzip, deflate, br";
  if (init.body != null) headers["content-type"] ??= "text/plain;charset=UTF-8";
  const method = (init.method ?? "GET").toUpperCase();
  return new Promise<Response>((resolve, reject) => {
    let answered: http.IncomingMessage | undefined;
    const request = (url.protocol === "https:" ? https : http).request(url, { method, headers, agent }, (answer) => {
      answered = answer;
      try {
        resolve(response(answer, method));
      } catch (error) {
        answer.destroy();
        reject(new TypeError("fetch failed", { cause: error })); // a status the Response constructor refuses
      }
    });
    // Aborted before the answer, the call rejects; after it, the body errors with the reason, as fetch's does
    // (destroying the request instead would drop the answer's buffered bytes and could end the body as if whole).
    const onAbort = () => (answered ?? request).destroy(signal?.reason as Error);
    signal?.addEventListener("abort", onAbort, { once: true });
    request.once("close", () => signal?.removeEventListener("abort", onAbort));
    request.once("error", (error) => reject(signal?.aborted ? signal.reason : new TypeError("fetch failed", { cause: error })));
    request.end(init.body ?? undefined);
  });
};

function response(answer: http.IncomingMessage, method: string): Response {
  const status = answer.statusCode ?? 0;
  const headers = new Headers();
  for (let i = 0; i < answer.rawHeaders.length; i += 2) headers.append(answer.rawHeaders[i]!, answer.rawHeaders[i + 1]!);
  const init = { status, statusText: answer.statusMessage, headers };
  if (method === "HEAD" || NULL_BODY.has(status)) {
    answer.resume();
    return new Response(null, init);
  }
  const decoder = decoders[(answer.headers["content-encoding"] ?? "").trim().toLowerCase()];
  // pipeline: an answer cut short errors the decoded body too, and a body cancelled destroys the answer.
  const body: Readable = decoder ? pipeline(answer, decoder(), () => undefined) : answer;
  return new Response(webBody(body), init);
}

/**
 * The answer's bytes as a web stream, as Readable.toWeb makes one but without its copy of every chunk (made for
 * pooled buffers; a socket's reads are buffers of their own): a 1.3 MB trace answer's copy was 4 % of its read's CPU.
 */
function webBody(body: Readable): ReadableStream<Uint8Array> {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  let cancelled = false;
  body.pause();
  const onData = (chunk: Uint8Array) => {
    // A resume scheduled by a read can still deliver a buffered chunk after a cancel in the same tick.
    if (cancelled) return;
    controller.enqueue(chunk);
    if ((controller.desiredSize ?? 0) <= 0) body.pause();
  };
  body.on("data", onData);
  // The end, an error, or a close before the end (an answer cut short, or a socket destroyed by an abort).
  const cleanup = finished(body, (error) => {
    cleanup();
    body.on("error", () => undefined); // a late error after the end has nowhere to go
    if (cancelled) return;
    if (error) controller.error(error);
    else controller.close();
  });
  return new ReadableStream<Uint8Array>(
    {
      start: (c) => void (controller = c),
      pull: () => void body.resume(),
      cancel: (reason: unknown) => {
        cancelled = true;
        body.off("data", onData);
        body.destroy(reason instanceof Error ? reason : undefined);
      },
    },
    { highWaterMark: body.readableHighWaterMark, size: (chunk) => chunk.byteLength },
  );
}
