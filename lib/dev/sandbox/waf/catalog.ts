// The previous firewall's fixed catalogue: its two packages and the core rule set's groups and rules.
// Package ids are the same on every zone, as on the platform.

export const CLOUDFLARE_PACKAGE_ID = "1e334934fd7ae32ad705667f8c1057aa";
export const OWASP_PACKAGE_ID = "c504870194831cd12c3fc0284f294abb";

/** The core rule set's groups, each with a few of its 2.x rules (id prefix, description). */
export const OWASP_GROUPS: Array<{ name: string; description: string; rules: Array<[string, string]> }> = [
  {
    name: "OWASP Bad Robots",
    description: "Detects requests from known malicious user agents and scanners.",
    rules: [
      ["990002", "Request Indicates a Security Scanner Scanned the Site"],
      ["990012", "Rogue web site crawler"],
    ],
  },
  {
    name: "OWASP Generic Attacks",
    description: "Detects command injection, session fixation and remote file inclusion.",
    rules: [
      ["950907", "System Command Injection"],
      ["950009", "Session Fixation Attack"],
      ["950117", "Remote File Inclusion Attack"],
    ],
  },
  {
    name: "OWASP HTTP Policy",
    description: "Enforces restrictions on methods, content types and extensions.",
    rules: [
      ["960032", "Method is not allowed by policy"],
      ["960035", "URL file extension is restricted by policy"],
    ],
  },
  {
    name: "OWASP Protocol Anomalies",
    description: "Detects requests that violate HTTP protocol norms.",
    rules: [
      ["960015", "Request Missing an Accept Header"],
      ["960009", "Request Missing a User Agent Header"],
    ],
  },
  {
    name: "OWASP SQL Injection Attacks",
    description: "Detects SQL injection attempts.",
    rules: [
      ["981318", "SQL Injection Attack: Common Injection Testing Detected"],
      ["950901", "SQL Injection Attack: SQL Tautology Detected"],
      ["981173", "Restricted SQL Character Anomaly Detection"],
    ],
  },
  {
    name: "OWASP XSS Attacks",
    description: "Detects cross-site scripting attempts.",
    rules: [
      ["973300", "Possible XSS Attack Detected - HTML Tag Handler"],
      ["958052", "Cross-site Scripting (XSS) Attack"],
    ],
  },
];
