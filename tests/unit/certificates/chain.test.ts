// The chain inspector on a real cross-signed Let's Encrypt chain (see fixtures/README.md) and on bad input.
import { X509Certificate as NodeX509 } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { inspectChain } from "@/lib/certificates/chain";
import { parsePemBundle } from "@/lib/certificates/pem";
import { InputError } from "@/lib/errors/input-error";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const fullchain = fixture("letsencrypt-2022-fullchain.pem");
const blocks = fullchain.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----\n/g)!;
const [leaf, r3, crossSigned] = blocks as [string, string, string];
const isrgRootX1 = fixture("isrg-root-x1.pem");
const dstRootX3 = fixture("dst-root-ca-x3.pem");

describe("fixtures are the real certificates", () => {
  it("verify cryptographically: leaf ← R3 ← ISRG Root X1, and the cross-sign ← DST Root CA X3", () => {
    const [l, i, x] = [leaf, r3, crossSigned].map((p) => new NodeX509(p)) as [NodeX509, NodeX509, NodeX509];
    const root = new NodeX509(isrgRootX1);
    const dst = new NodeX509(dstRootX3);
    expect(l.verify(i.publicKey)).toBe(true);
    expect(i.verify(root.publicKey)).toBe(true);
    expect(x.verify(dst.publicKey)).toBe(true);
    expect(x.publicKey.export({ type: "spki", format: "der" }).equals(root.publicKey.export({ type: "spki", format: "der" }))).toBe(true);
  });
});

describe("inspectChain", () => {
  it("shows the path and flags the cross-signed ISRG Root X1 and who fails after 2024-09-30", async () => {
    const report = await inspectChain(fullchain, new Date("2024-10-15T00:00:00Z"));
    expect(report.path).toBe("*.s2.eu.hivemq.cloud → R3 → ISRG Root X1 (cross-signed by DST Root CA X3)");
    expect(report.certificates.map((c) => [c.commonName, c.issuerCommonName])).toEqual([
      ["*.s2.eu.hivemq.cloud", "R3"],
      ["R3", "ISRG Root X1"],
      ["ISRG Root X1", "DST Root CA X3"],
    ]);
    const cross = report.certificates[2]!;
    expect(cross).toMatchObject({
      crossSignedIsrgRoot: true,
      notAfter: "2024-09-30T18:14:03.000Z",
      expired: true,
      selfSigned: false,
      key: "RSA 4096",
    });
    expect(cross.serialNumber.toLowerCase()).toBe("40017721" + "37d4e942b8ee76aa3c640ab7");
    expect(report.certificates[1]!.key).toBe("RSA 2048");
    expect(report.certificates[0]!.sha256).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    expect(report.findings.some((f) => f.position === 3 && /cross-signed by DST Root CA X3.*expired 2024-09-30/.test(f.message))).toBe(
      true,
    );
    expect(report.findings.some((f) => f.position === 1 && /expired on 2023-01-08/.test(f.message))).toBe(true);
    expect(report.findings.filter((f) => /Misordered|did not issue/.test(f.message))).toEqual([]);
    expect(report.failingClients.join(" ")).toMatch(/7\.0 and earlier.*cross-signed ISRG Root X1, which expired 2024-09-30/);
  });

  it("before the leaf expired, the same chain has no expiry error and ends on the cross-sign", async () => {
    const report = await inspectChain(fullchain, new Date("2022-11-01T00:00:00Z"));
    expect(report.findings.filter((f) => f.severity === "error")).toEqual([]);
    expect(report.findings.at(-1)?.message).toMatch(/ends at ISRG Root X1, issued by DST Root CA X3/);
  });

  it("R3 up to the self-signed ISRG Root X1: no cross-sign, the rule 7 clients", async () => {
    const report = await inspectChain(r3 + isrgRootX1, new Date("2024-10-15T00:00:00Z"));
    expect(report.certificates[1]).toMatchObject({ commonName: "ISRG Root X1", selfSigned: true, crossSignedIsrgRoot: false });
    expect(report.findings.filter((f) => f.severity !== "info")).toEqual([]);
    expect(report.failingClients).toEqual([
      "Older mobile operating systems (7.0 and earlier) and systems whose trust store lacks the self-signed root (ISRG Root X1).",
    ]);
  });

  it("flags a misordered bundle", async () => {
    const report = await inspectChain(r3 + leaf + crossSigned, new Date("2022-11-01T00:00:00Z"));
    expect(report.findings.some((f) => /Misordered: the issuer of R3 is at position 3/.test(f.message))).toBe(true);
  });

  it("flags certificates that do not form one chain, and DST Root CA X3 itself", async () => {
    const report = await inspectChain(leaf + dstRootX3, new Date("2022-11-01T00:00:00Z"));
    expect(report.findings.some((f) => /did not issue/.test(f.message))).toBe(true);
    expect(report.findings.some((f) => /DST Root CA X3 expired 2021-09-30/.test(f.message))).toBe(true);
  });
});

describe("parsePemBundle: bad input gets a clear error naming the field", () => {
  const key = "-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7\n-----END PRIVATE KEY-----\n";
  it.each([
    ["not PEM", "hello, this is not a certificate", /is not PEM/],
    ["a private key", key, /block 1 is a private key \(PRIVATE KEY\), not a certificate/],
    ["a key after a certificate", r3 + key.replace(/PRIVATE KEY/g, "RSA PRIVATE KEY"), /block 2 is a private key \(RSA PRIVATE KEY\)/],
    ["a CSR", "-----BEGIN CERTIFICATE REQUEST-----\nAAAA\n-----END CERTIFICATE REQUEST-----", /block 1 is a CERTIFICATE REQUEST/],
    ["truncated: no END line", r3.slice(0, 500), /certificate 1 is truncated/],
    ["truncated body", r3.slice(0, 300) + "\n-----END CERTIFICATE-----\n", /certificate 1 could not be parsed as X\.509/],
    ["bad base64", "-----BEGIN CERTIFICATE-----\n@@@@\n-----END CERTIFICATE-----", /not valid base64/],
    ["too many", r3.repeat(11), /at most 10 certificates/],
  ])("%s", (_name, text, message) => {
    let error: unknown;
    try {
      parsePemBundle(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(InputError);
    expect((error as InputError).field).toBe("pem");
    expect((error as InputError).message).toMatch(message);
    expect((error as InputError).message).not.toContain("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7");
  });
});
