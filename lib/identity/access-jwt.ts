// The access proxy's signed JWT (`Cf-Access-Jwt-Assertion`), verified with jose against the team's JWKS
// (fetched and cached by jose, refreshed on an unknown key id), with the configured audience and issuer.
import "server-only";
import { createRemoteJWKSet, errors, jwtVerify } from "jose";
import { z } from "zod";
import { UnauthenticatedError } from "@/lib/errors/identity-errors";

export const ACCESS_JWT_HEADER = "cf-access-jwt-assertion";

const claimsSchema = z.object({
  email: z.email(),
  groups: z.array(z.union([z.string(), z.object({ name: z.string() })])).optional(),
});

export interface AccessClaims {
  email: string;
  groups: string[];
}

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

export async function verifyAccessJwt(
  token: string,
  settings: { jwksUrl: string; audience: string; issuer: string },
): Promise<AccessClaims> {
  let keys = keySets.get(settings.jwksUrl);
  if (!keys) keySets.set(settings.jwksUrl, (keys = createRemoteJWKSet(new URL(settings.jwksUrl))));
  try {
    const { payload } = await jwtVerify(token, keys, { audience: settings.audience, issuer: settings.issuer });
    const claims = claimsSchema.safeParse(payload);
    if (!claims.success) throw new UnauthenticatedError("The access token carries no valid e-mail claim");
    return {
      email: claims.data.email.toLowerCase(),
      groups: (claims.data.groups ?? []).map((g) => (typeof g === "string" ? g : g.name)),
    };
  } catch (error) {
    throw new UnauthenticatedError(describe(error));
  }
}

/** Says which check failed, never the token itself. */
function describe(error: unknown): string {
  if (error instanceof UnauthenticatedError) return error.message;
  if (error instanceof errors.JWTExpired) return "The access token has expired: sign in again";
  if (error instanceof errors.JWTClaimValidationFailed) return `The access token's ${error.claim} claim is not accepted here`;
  if (error instanceof errors.JWSSignatureVerificationFailed || error instanceof errors.JWKSNoMatchingKey) {
    return "The access token is not signed by the team's keys";
  }
  if (error instanceof errors.JOSEError) return `The access token is not valid (${error.code})`;
  return "The access token could not be verified";
}
