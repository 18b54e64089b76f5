// The browser's way to call Preflight's own operations: errors come back as the message the server wrote.

export class OperationError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = "OperationError";
  }
}

export async function fetchJson<T>(url: string, init?: RequestInit): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, headers: { Accept: "application/json", ...init?.headers } });
  } catch {
    throw new OperationError("Preflight's server could not be reached. Is it still running?", 0);
  }
  const body = (await response.json().catch(() => undefined)) as { error?: { message?: string; field?: string } } | undefined;
  if (!response.ok) {
    throw new OperationError(body?.error?.message ?? `Preflight answered HTTP ${response.status}`, response.status, body?.error?.field);
  }
  return body as T;
}
