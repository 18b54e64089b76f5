// What the Traces page (and every NDJSON caller) shows when an answer fails: an error line says what
// failed; an answer whose result line began and then broke off (the server ended it with an error, or the
// connection dropped) says it stopped before it was complete, never a raw network error or a partial result.
import { afterEach, describe, expect, it, vi } from "vitest";
import { OperationError } from "@/lib/client/fetch-json";
import { streamProgress } from "@/lib/client/stream-progress";

const encoder = new TextEncoder();

/** A server answering with these pieces of body; an Error: the body ends with that error there. */
function serve(pieces: Array<string | Error>) {
  vi.stubGlobal("fetch", async () => {
    let next = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const piece = pieces[next++];
        if (piece === undefined) controller.close();
        else if (piece instanceof Error) controller.error(piece);
        else controller.enqueue(encoder.encode(piece));
      },
    });
    return new Response(body, { headers: { "Content-Type": "application/x-ndjson" } });
  });
}

const call = (progress: unknown[] = []) =>
  streamProgress<unknown, unknown>("/api/traces", { method: "POST" }, new AbortController().signal, (p) => progress.push(p));

afterEach(() => vi.unstubAllGlobals());

describe("streamProgress", () => {
  it("gives the result after the progress lines, however the lines are cut", async () => {
    serve(['{"progress":{"windowsDone":0,"windows":1}}\n{"res', 'ult":{"traces":[1,', "2]}}\n"]);
    const progress: unknown[] = [];
    expect(await call(progress)).toEqual({ traces: [1, 2] });
    expect(progress).toEqual([{ windowsDone: 0, windows: 1 }]);
  });

  it("says the answer stopped when the result line began and the body then failed", async () => {
    serve(['{"progress":{"windowsDone":0,"windows":1}}\n', '{"result":{"windows":1,"traces":[{"a":1},', new TypeError("terminated")]);
    const error = await call().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OperationError);
    expect((error as OperationError).message).toBe("The answer stopped before it was complete; try again.");
  });

  it("says the same when the body ends without a result", async () => {
    serve(['{"progress":{"windowsDone":0,"windows":1}}\n{"result":{"traces":[']);
    await expect(call()).rejects.toThrow("The answer stopped before it was complete; try again.");
  });

  it("shows an error line for what it says", async () => {
    serve(['{"error":{"message":"The gateway refused trace_filter (HTTP 403)."},"status":502}\n']);
    await expect(call()).rejects.toMatchObject({ message: "The gateway refused trace_filter (HTTP 403).", status: 502 });
  });
});
