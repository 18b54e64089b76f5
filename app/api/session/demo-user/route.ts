import { demoUserBodySchema as bodySchema } from "@/lib/api/request-bodies";
import { getConfig } from "@/lib/config";
import { InputError } from "@/lib/errors/input-error";
import { readJsonBody } from "@/lib/http/json-body";
import { NotFoundError } from "@/lib/errors/not-found-error";
import { operation } from "@/lib/http/operation";
import { servedOverHttps } from "@/lib/http/security-headers";
import { demoUserCookie, findDemoUser } from "@/lib/identity/demo-users";
import { ForbiddenError } from "@/lib/errors/identity-errors";

export const dynamic = "force-dynamic";

/** Demo mode: who this browser acts as, `{"user":"approver-1"}`; the answer sets the HttpOnly cookie. */
export const POST = operation(
  async ({ request }) => {
    if (getConfig().identity.kind !== "demo") throw new NotFoundError("Demo users exist only in demo mode");
    // Only Preflight's own pages switch users (checkOrigin refused any other origin already).
    if (request.headers.get("origin") === null)
      throw new ForbiddenError("Switching users needs the Origin header of Preflight's own pages");
    const { user } = await readJsonBody(request, bodySchema);
    const found = findDemoUser(user);
    if (!found) throw new InputError("user", "user must be planner, approver-1 or approver-2");
    const cookie = demoUserCookie(found.name, { secure: servedOverHttps(request.url, request.headers) });
    return Response.json({ user: found.name, role: found.role }, { headers: { "Set-Cookie": cookie } });
  },
  { role: "public", upstream: [] },
);
