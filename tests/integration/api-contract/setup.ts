// Vitest setup (vitest.config.ts): in every test file, each operation made by lib/http/operation.ts is wrapped
// so that its answers in integration tests are checked against lib/api/operations.ts; a mismatch fails the test.
import { afterAll, afterEach, vi } from "vitest";
import { settleChecks } from "@/tests/integration/api-contract/checked-operation";

vi.mock("@/lib/http/operation", async (importOriginal) => {
  const actual = await importOriginal<typeof import("@/lib/http/operation")>();
  const { checkedOperation } = await import("@/tests/integration/api-contract/checked-operation");
  return { ...actual, operation: checkedOperation(actual.operation) };
});

afterEach(() => settleChecks());
afterAll(() => settleChecks());
