// Access JWTs verified with jose against a JWKS served on 127.0.0.1 with locally generated keys.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { IdentityConfig } from "@/lib/identity/config-schema";
import { identify } from "@/lib/identity/identify";
import { UnauthenticatedError } from "@/lib/errors/identity-errors";

let server: Server;
let config: Extract<IdentityConfig, { kind: "access" }>;
let teamKey: CryptoKey;
let otherKey: CryptoKey;
const issuer = "https://team.cloudflareaccess.example";
const audience = "preflight-aud-4f2a";

beforeAll(async () => {
  ({ privateKey: teamKey } = await generateKeyPair("RS256").then(async (pair) => {
    const jwk = { ...(await exportJWK(pair.publicKey)), kid: "team-1", alg: "RS256", use: "sig" };
    server = createServer((_req, res) => res.writeHead(200, { "Content-Type": "application/json" }).end(JSON.stringify({ keys: [jwk] })));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    return pair;
  }));
  otherKey = (await generateKeyPair("RS256")).privateKey;
  const port = (server.address() as AddressInfo).port;
  config = {
    kind: "access",
    jwksUrl: `http://127.0.0.1:${port}/cdn-cgi/access/certs`,
    audience,
    issuer,
    roles: { viewer: [], planner: ["p@example.com"], approver: ["group:security-leads"] },
  };
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const token = (claims: Record<string, unknown>, options: { key?: CryptoKey; aud?: string; exp?: string | number } = {}) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: "RS256", kid: "team-1" })
    .setIssuer(issuer)
    .setAudience(options.aud ?? audience)
    .setIssuedAt()
    .setExpirationTime(options.exp ?? "5m")
    .sign(options.key ?? teamKey);

const headersWith = (jwt: string) => new Headers({ "Cf-Access-Jwt-Assertion": jwt });

describe("identity from the access proxy's JWT", () => {
  it("accepts a token signed by the team's keys and maps e-mail and groups to roles", async () => {
    await expect(identify(headersWith(await token({ email: "P@example.com" })), config)).resolves.toMatchObject({
      id: "p@example.com",
      role: "planner",
    });
    await expect(
      identify(headersWith(await token({ email: "lead@example.com", groups: ["security-leads"] })), config),
    ).resolves.toMatchObject({ role: "approver" });
  });

  it.each([
    ["missing", async () => new Headers(), /missing/],
    ["expired", async () => headersWith(await token({ email: "p@example.com" }, { exp: Math.floor(Date.now() / 1000) - 600 })), /expired/],
    ["signed by another key", async () => headersWith(await token({ email: "p@example.com" }, { key: otherKey })), /not signed/],
    ["for another audience", async () => headersWith(await token({ email: "p@example.com" }, { aud: "someone-else" })), /aud/],
    ["garbage", async () => headersWith("not.a.jwt"), /not valid/],
    ["without a role", async () => headersWith(await token({ email: "nobody@example.com" })), /no role/],
  ])("refuses a token that is %s with 401", async (_name, make, message) => {
    const error = await identify(await make(), config).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnauthenticatedError);
    expect((error as Error).message).toMatch(message);
  });

  it("refuses demo identity outside demo mode", async () => {
    const headers = headersWith(await token({ email: "p@example.com" }));
    headers.set("x-preflight-demo-user", "approver-1");
    await expect(identify(headers, config)).rejects.toThrow(/demo mode/);
  });
});

describe("demo identity", () => {
  const demo: IdentityConfig = { kind: "demo", reason: "sandbox" };
  it("takes the header, then the switcher's cookie, then the planner", async () => {
    await expect(identify(new Headers({ "x-preflight-demo-user": "approver-2" }), demo)).resolves.toMatchObject({
      id: "approver-2",
      role: "approver",
      via: "demo-header",
    });
    await expect(identify(new Headers({ cookie: "a=b; preflight-demo-user=approver-1" }), demo)).resolves.toMatchObject({
      id: "approver-1",
      via: "demo-cookie",
    });
    await expect(identify(new Headers(), demo)).resolves.toMatchObject({ id: "planner", role: "planner" });
  });
  it("refuses unknown demo users and a live start with no identity", async () => {
    await expect(identify(new Headers({ "x-preflight-demo-user": "root" }), demo)).rejects.toBeInstanceOf(UnauthenticatedError);
    await expect(identify(new Headers(), { kind: "none" })).rejects.toBeInstanceOf(UnauthenticatedError);
  });
});
