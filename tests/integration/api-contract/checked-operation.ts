// The integration tests' one check of every answer (tests/integration/api-contract/setup.ts mocks
// lib/http/operation.ts with this): each operation a route file makes is wrapped, and every answer it gives in an
// integration test is checked against lib/api/operations.ts (answer-check.ts). The route is named by the file
// that made the operation, so a test may call a handler at any URL. Problems fail the test (settleChecks).
import { expect } from "vitest";
import { routePath } from "@/lib/api/operations";
import type { operation as Original } from "@/lib/http/operation";
import { checkAnswer, type CheckedAnswer } from "@/tests/integration/api-contract/answer-check";

type Handler = (request: Request, route?: { params: Promise<unknown> }) => Promise<Response>;

const pending: Promise<CheckedAnswer | undefined>[] = [];
/** Every answer checked in this test file, for the coverage check (named-operations.test.ts). */
export const checkedAnswers: CheckedAnswer[] = [];

/** The route file that is making an operation now: the first app/api/…/route.ts frame of the stack. */
function callingRoute(): string | undefined {
  const stack = new Error().stack ?? "";
  return /app\/api\/.*?\/route\.ts/.exec(stack)?.[0];
}

const inIntegrationTest = () => expect.getState().testPath?.includes("/tests/integration/") ?? false;

export function checkedOperation(original: typeof Original): typeof Original {
  const wrap = (handler: never, options: never) => {
    const file = callingRoute();
    const made = (original as (h: never, o: never) => Handler & { upstream: unknown })(handler, options);
    const checked: Handler = async (request, route) => {
      const response = await made(request, route);
      if (!inIntegrationTest() || request.method === "HEAD") return response;
      const name = `${request.method} ${file ? routePath(file) : "(an operation made outside app/api)"}`;
      const check = checkAnswer(name, response.clone()).catch(() => undefined); // a body that never completed: not an answer
      pending.push(check);
      return response;
    };
    return Object.assign(checked, { upstream: made.upstream });
  };
  return wrap as unknown as typeof Original;
}

/** Waits for the answers given so far to be checked; throws with every problem found. */
export async function settleChecks(timeoutMs = 15_000): Promise<void> {
  const batch = pending.splice(0);
  const timeout = new Promise<"timeout">((resolve) => setTimeout(resolve, timeoutMs, "timeout").unref());
  const results = await Promise.all(batch.map((check) => Promise.race([check, timeout])));
  const done = results.filter((r): r is CheckedAnswer => r !== undefined && r !== "timeout");
  checkedAnswers.push(...done);
  if (process.env.API_CONTRACT_DEBUG) console.log(`checked ${done.length}: ${done.map((d) => d.operation + " " + d.status).join(", ")}`);
  const problems = done.flatMap((r) => r.problems.map((p) => `${r.operation} → ${p}`));
  if (problems.length > 0)
    throw new Error(`answers that do not match lib/api/operations.ts:\n${[...new Set(problems)].slice(0, 20).join("\n")}`);
}
