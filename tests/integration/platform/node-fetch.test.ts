// nodeFetch, the Scheduler's transport on Node, against a real HTTP server: every answer it gives must be the one
// Node's own fetch gives for the same call (status, headers, decoded body), and its failures must look like fetch's.
import http from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeFetch } from "@/lib/platform/node-fetch";

const BODY = JSON.stringify({ success: true, result: Array.from({ length: 200 }, (_, i) => ({ id: `zone-${i}`, name: `z${i}.example` })) });
const encoders: Record<string, (b: string) => Promise<Buffer>> = {
  gzip: promisify(zlib.gzip),
  deflate: promisify(zlib.deflate),
  br: promisify(zlib.brotliCompress),
};

/** A 4 MB answer of distinct chunks: read slowly, it must pause the socket and resume it, losing and reordering nothing. */
const LARGE_CHUNKS = 64;
const largeChunk = (i: number) => Buffer.alloc(64 * 1024, i);

let server: http.Server;
let base: string;
/** What the server saw of the last call to /echo. */
let seen: { method?: string; headers: http.IncomingHttpHeaders; body: string } = { headers: {}, body: "" };
/** Requests the server received. */
let received = 0;
/** Calls whose connection closed before the server answered them. */
let closedEarly = 0;
/** The connection of the last /large call, as the server sees it. */
let largeSocket: Socket | undefined;

beforeAll(async () => {
  server = http.createServer((request, answer) => {
    received++;
    const url = new URL(request.url!, "http://x");
    const chunks: Buffer[] = [];
    request.on("data", (c: Buffer) => chunks.push(c));
    request.on("end", async () => {
      if (url.pathname === "/echo") {
        seen = { method: request.method, headers: request.headers, body: Buffer.concat(chunks).toString() };
        answer.writeHead(201, { "content-type": "application/json", "x-twice": ["a", "b"], "cf-ray": "8f00-TEST" });
        answer.end(JSON.stringify({ ok: true }));
      } else if (url.pathname === "/encoded") {
        const coding = url.searchParams.get("coding")!;
        const sent = await encoders[coding]!(BODY);
        answer.writeHead(200, { "content-type": "application/json", "content-encoding": coding, "content-length": sent.length });
        answer.end(sent);
      } else if (url.pathname === "/large") {
        largeSocket = request.socket;
        answer.writeHead(200, { "content-type": "application/octet-stream" });
        for (let i = 0; i < LARGE_CHUNKS; i++) answer.write(largeChunk(i));
        answer.end();
      } else if (url.pathname === "/empty") {
        answer.writeHead(204).end();
      } else if (url.pathname === "/moved") {
        answer.writeHead(302, { location: "/echo" }).end("see /echo");
      } else if (url.pathname === "/limited") {
        answer.writeHead(429, { "retry-after": "7", "content-type": "application/json" }).end('{"success":false}');
      } else if (url.pathname === "/never") {
        request.socket.once("close", () => closedEarly++);
      } else if (url.pathname === "/half") {
        answer.writeHead(200, { "content-type": "application/json", "content-length": 10_000 });
        answer.write('{"result":[');
      } else answer.writeHead(404).end("no such path");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The parts of an answer a caller reads: the same through both. */
async function reading(response: Response) {
  return {
    status: response.status,
    contentType: response.headers.get("content-type"),
    retryAfter: response.headers.get("retry-after"),
    location: response.headers.get("location"),
    body: await response.text(),
  };
}

describe("nodeFetch answers as fetch answers", () => {
  const calls: Array<[string, string, RequestInit]> = [
    ["a POST with a string body", "/echo", { method: "POST", body: '{"a":1}', headers: { "Content-Type": "application/json" } }],
    ["a gzip answer", "/encoded?coding=gzip", {}],
    ["a deflate answer", "/encoded?coding=deflate", {}],
    ["a brotli answer", "/encoded?coding=br", {}],
    ["204 with no body", "/empty", {}],
    ["a redirect, answered and not followed", "/moved", {}],
    ["429 with Retry-After", "/limited", {}],
    ["404", "/nowhere", {}],
  ];
  for (const [name, path, init] of calls) {
    it(name, async () => {
      const theirs = await reading(await fetch(`${base}${path}`, { ...init, redirect: "manual" }));
      const ours = await reading(await nodeFetch(`${base}${path}`, { ...init, redirect: "manual" }));
      expect(ours).toEqual(theirs);
      if (path.startsWith("/encoded")) expect(ours.body).toBe(BODY);
    });
  }

  it("sends the method, headers and body as given, asks for compressed answers, and reads repeated headers", async () => {
    const response = await nodeFetch(`${base}/echo`, {
      method: "PUT",
      headers: { Authorization: "Bearer t0ken", "X-Preflight-Request": "r1" },
      body: "hello",
      redirect: "manual",
    });
    expect(response.headers.get("x-twice")).toBe("a, b");
    expect(response.headers.get("cf-ray")).toBe("8f00-TEST");
    expect(seen).toMatchObject({ method: "PUT", body: "hello" });
    expect(seen.headers).toMatchObject({
      authorization: "Bearer t0ken",
      "x-preflight-request": "r1",
      "content-length": "5",
      "content-type": "text/plain;charset=UTF-8",
    });
    expect(seen.headers["accept-encoding"]).toMatch(/gzip/);
  });
});

describe("nodeFetch's body", () => {
  it("arrives whole and in order when read slower than it is sent", async () => {
    const response = await nodeFetch(`${base}/large`, { redirect: "manual" });
    const reader = response.body!.getReader();
    const parts: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      parts.push(read.value);
      if (parts.length % 8 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    }
    expect(Buffer.concat(parts).equals(Buffer.concat(Array.from({ length: LARGE_CHUNKS }, (_, i) => largeChunk(i))))).toBe(true);
  });

  it("closes the connection when cancelled half-way, even with a read still pending", async () => {
    const response = await nodeFetch(`${base}/large`, { redirect: "manual" });
    const reader = response.body!.getReader();
    await reader.read();
    // The read asks the answer to resume on the next tick; the cancel comes first.
    const pending = reader.read();
    await reader.cancel();
    await pending;
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect.poll(() => largeSocket?.destroyed).toBe(true);
  });

  it("errors with the abort's reason when aborted while the answer is still being read", async () => {
    const call = new AbortController();
    const response = await nodeFetch(`${base}/large`, { signal: call.signal, redirect: "manual" });
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20)); // more of the answer waits in the socket's buffers
    const reason = new DOMException("The operation timed out after 20 ms", "TimeoutError");
    call.abort(reason);
    const drained = (async () => {
      for (let read = await reader.read(); !read.done; read = await reader.read());
    })();
    await expect(drained).rejects.toBe(reason);
  });
});

describe("nodeFetch fails as fetch fails", () => {
  it("rejects with the signal's reason when aborted before the answer, and closes the connection", async () => {
    const before = closedEarly;
    const call = new AbortController();
    const reason = new DOMException("The operation timed out after 50 ms", "TimeoutError");
    const pending = nodeFetch(`${base}/never`, { signal: call.signal, redirect: "manual" });
    setTimeout(() => call.abort(reason), 50);
    await expect(pending).rejects.toBe(reason);
    await expect.poll(() => closedEarly).toBe(before + 1);
  });

  it("rejects an already-aborted signal unsent", async () => {
    const reason = new Error("the browser went away");
    const before = received;
    await expect(nodeFetch(`${base}/echo`, { signal: AbortSignal.abort(reason), redirect: "manual" })).rejects.toBe(reason);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(received).toBe(before);
  });

  it("errors the body of an answer cut short", async () => {
    const call = new AbortController();
    const response = await nodeFetch(`${base}/half`, { signal: call.signal, redirect: "manual" });
    expect(response.status).toBe(200);
    const reading = response.text();
    call.abort(new Error("stop"));
    await expect(reading).rejects.toThrow();
  });

  it("rejects a refused connection with a TypeError whose cause names the socket error", async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await nodeFetch(`http://127.0.0.1:${port}/`, { redirect: "manual" }).catch((e: unknown) => e);
    const theirs = await fetch(`http://127.0.0.1:${port}/`).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
    expect((theirs as { cause?: { code?: string } }).cause?.code).toBe("ECONNREFUSED");
  });

  it("refuses what the Scheduler never sends: a followed redirect, a body that is not a string, another scheme", async () => {
    await expect(nodeFetch(`${base}/moved`)).rejects.toThrow(/redirect: "manual"/);
    await expect(nodeFetch(`${base}/echo`, { method: "POST", body: new Uint8Array(2), redirect: "manual" })).rejects.toThrow(
      /string bodies/,
    );
    await expect(nodeFetch("ftp://127.0.0.1/", { redirect: "manual" })).rejects.toThrow(/http: or https:/);
  });
});
