// Plain JSON-RPC 2.0 over HTTP for the demo's own tooling (seeding anvil, the policy layer's forwarding).

export class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
    this.name = "RpcFailure";
  }
}

let nextId = 1;

export async function rpc<T = unknown>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: nextId++, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { code: number; message: string } };
  if (body.error) throw new RpcFailure(body.error.code, `${method}: ${body.error.message}`);
  return body.result as T;
}

export const toQuantity = (value: number | bigint) => `0x${value.toString(16)}`;
