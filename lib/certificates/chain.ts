// The chain inspector: the path a bundle serves (subject, issuer, validity, key, fingerprint), the cross-signed
// ISRG Root X1 (by DST Root CA X3, expired 2024-09-30), expired and misordered certificates, and who fails.
import "@/lib/certificates/reflect-metadata";
import { cryptoProvider, type X509Certificate } from "@peculiar/x509";
import { AFFECTED_CLIENTS, DATES } from "@/lib/certificates/chain-change";
import { parsePemBundle } from "@/lib/certificates/pem";

export interface ChainCertificate {
  position: number;
  subject: string;
  issuer: string;
  commonName: string;
  issuerCommonName: string;
  notBefore: string;
  notAfter: string;
  serialNumber: string;
  key: string;
  sha256: string;
  selfSigned: boolean;
  expired: boolean;
  crossSignedIsrgRoot: boolean;
}

export interface ChainFinding {
  severity: "error" | "warning" | "info";
  position?: number;
  message: string;
}

export interface ChainReport {
  certificates: ChainCertificate[];
  findings: ChainFinding[];
  /** The served path, leaf first: `leaf → R3 → ISRG Root X1 (cross-signed by DST Root CA X3)`. */
  path: string;
  failingClients: string[];
  checkedAt: string;
}

const CROSS_SIGN_EXPIRY = Date.parse("2024-09-30T18:14:03Z");

function commonName(cert: X509Certificate, which: "subjectName" | "issuerName"): string {
  return cert[which].getField("CN")[0] ?? cert[which].toString();
}

async function describeKey(cert: X509Certificate): Promise<string> {
  try {
    const { algorithm } = await cert.publicKey.export();
    const a = algorithm as { name: string; modulusLength?: number; namedCurve?: string };
    return a.modulusLength ? `RSA ${a.modulusLength}` : a.namedCurve ? `${a.name} ${a.namedCurve}` : a.name;
  } catch {
    return cert.publicKey.algorithm.name;
  }
}

async function signs(issuer: X509Certificate, subject: X509Certificate): Promise<boolean> {
  if (subject.issuer !== issuer.subject) return false;
  try {
    return await subject.verify({ publicKey: issuer.publicKey, signatureOnly: true });
  } catch {
    return false;
  }
}

export async function inspectChain(pem: string, now = new Date()): Promise<ChainReport> {
  cryptoProvider.set(globalThis.crypto);
  const certs = parsePemBundle(pem);
  const findings: ChainFinding[] = [];
  const certificates: ChainCertificate[] = [];
  for (const [i, cert] of certs.entries()) {
    const fingerprint = Buffer.from(await cert.getThumbprint("SHA-256"))
      .toString("hex")
      .toUpperCase();
    const cn = commonName(cert, "subjectName");
    const issuerCn = commonName(cert, "issuerName");
    const entry: ChainCertificate = {
      position: i + 1,
      subject: cert.subject,
      issuer: cert.issuer,
      commonName: cn,
      issuerCommonName: issuerCn,
      notBefore: cert.notBefore.toISOString(),
      notAfter: cert.notAfter.toISOString(),
      serialNumber: cert.serialNumber,
      key: await describeKey(cert),
      sha256: fingerprint.match(/../g)!.join(":"),
      selfSigned: await signs(cert, cert),
      expired: cert.notAfter < now,
      crossSignedIsrgRoot: cn === "ISRG Root X1" && issuerCn === "DST Root CA X3",
    };
    certificates.push(entry);
    if (entry.crossSignedIsrgRoot)
      findings.push({
        severity: "warning",
        position: i + 1,
        message:
          `ISRG Root X1 cross-signed by DST Root CA X3: the legacy cross-signed chain, ` +
          `no longer used from ${DATES.rebundle} and expired ${DATES.crossSignExpiry}. Remove it from the bundle.`,
      });
    if (cn === "DST Root CA X3")
      findings.push({
        severity: "warning",
        position: i + 1,
        message: "DST Root CA X3 expired 2021-09-30; a root is never needed in a served chain.",
      });
    if (entry.expired && !entry.crossSignedIsrgRoot)
      findings.push({ severity: "error", position: i + 1, message: `${cn} expired on ${entry.notAfter.slice(0, 10)}.` });
    if (cert.notBefore > now)
      findings.push({ severity: "error", position: i + 1, message: `${cn} is not valid before ${entry.notBefore.slice(0, 10)}.` });
  }
  for (let i = 0; i + 1 < certs.length; i++) {
    if (await signs(certs[i + 1]!, certs[i]!)) continue;
    const issuerAt = certs.findIndex((c, j) => j !== i && c.subject === certs[i]!.issuer);
    findings.push({
      severity: "error",
      position: i + 1,
      message:
        issuerAt >= 0
          ? `Misordered: the issuer of ${certificates[i]!.commonName} is at position ${issuerAt + 1}; it must come right after it (position ${i + 2}).`
          : `${certificates[i + 1]!.commonName} (position ${i + 2}) did not issue ${certificates[i]!.commonName}; the bundle does not form one chain.`,
    });
  }
  const last = certificates[certificates.length - 1]!;
  if (!last.selfSigned)
    findings.push({
      severity: "info",
      position: last.position,
      message: `The chain ends at ${last.commonName}, issued by ${last.issuerCommonName}, which clients must already trust.`,
    });
  return {
    certificates,
    findings,
    path: describePath(certificates),
    failingClients: failingClients(certificates, now),
    checkedAt: now.toISOString(),
  };
}

function describePath(certificates: readonly ChainCertificate[]): string {
  return certificates.map((c) => (c.crossSignedIsrgRoot ? "ISRG Root X1 (cross-signed by DST Root CA X3)" : c.commonName)).join(" → ");
}

function failingClients(certificates: readonly ChainCertificate[], now: Date): string[] {
  const out: string[] = [];
  const expired = certificates.filter((c) => c.expired && !c.crossSignedIsrgRoot && c.commonName !== "DST Root CA X3");
  if (expired.length > 0) out.push(`Every client: ${expired.map((c) => c.commonName).join(", ")} expired.`);
  const crossSigned = certificates.some((c) => c.crossSignedIsrgRoot);
  const reachesIsrg = certificates.some((c) => c.commonName === "ISRG Root X1" || c.issuerCommonName === "ISRG Root X1");
  if (crossSigned && now.getTime() > CROSS_SIGN_EXPIRY) {
    out.push(`Operating systems 7.0 and earlier: they relied on the cross-signed ISRG Root X1, which expired ${DATES.crossSignExpiry}.`);
    out.push(
      "Clients that build the path through the served, expired cross-signed certificate instead of a trusted ISRG Root X1 (for example OpenSSL 1.0.x).",
    );
  } else if (reachesIsrg) {
    out.push(AFFECTED_CLIENTS);
  }
  return out;
}
