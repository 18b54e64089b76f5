// What an attacker would send to steer an operation's upstream call: traversal in path segments, paths,
// methods and URLs in queries and bodies, method-override and host headers.

export function hostileParams(real: { zoneId: string; reviewId: string }): string[] {
  return [
    real.zoneId,
    real.reviewId,
    "../../user/tokens",
    "..%2F..%2Faccounts",
    `${real.zoneId}/../../../user/tokens`,
    `${real.zoneId}?method=DELETE`,
    "%2e%2e",
    "reports/../../reviews/x.json",
    "a".repeat(5000),
  ];
}

export const HOSTILE_QUERIES = [
  "",
  // `syntax` lets the Terraform exports get past their own checks to the upstream calls they declare.
  "?refresh=1&syntax=v4",
  "?format=csv",
  "?cursor=..%2F..%2Fuser%2Ftokens",
  "?path=/user/tokens&method=DELETE&url=http://evil.example/&upstream=/accounts",
  "?since=2020-01-01T00:00:00Z&until=2020-01-02T00:00:00Z&host=../../x&rule=/user",
  "?state=approved&kind=../&author=%2F..%2F",
  "?syntax=v5&config=live&format=archive&cursor=eyJvcCI6InRlcnJhZm9ybS1leHBvcnQifQ",
];

export const HOSTILE_BODIES: Array<(zoneId: string) => string> = [
  () => JSON.stringify({ path: "/user/tokens", method: "DELETE", url: "http://evil.example/", upstream: "/accounts" }),
  () => JSON.stringify({ kind: "complete_migration", zoneId: "../../accounts" }),
  (zoneId) => JSON.stringify({ kind: "start_validation", zoneId }),
  (zoneId) => JSON.stringify({ kind: "switch_hostname_ca", zoneId, hostnameIds: ["../../../user/tokens"], certificateAuthority: "google" }),
  (zoneId) => JSON.stringify({ kind: "delete_uri_overrides", zoneId: `${zoneId}/../../user` }),
  () => JSON.stringify({ kind: "accept_invite", inviteId: "../tokens" }),
  () => JSON.stringify({ fromBlock: 1, toBlock: 100, fromAddress: "0x../", method: "eth_sendTransaction", params: ["0x00"] }),
  () => JSON.stringify({ fromBlock: 1, toBlock: 900, method: "eth_sendRawTransaction", url: "http://evil.example/", path: "/v1/other" }),
  () => JSON.stringify({ fromBlock: 1, toBlock: 100 }),
  () =>
    JSON.stringify({
      pem: "-----BEGIN CERTIFICATE-----\n../../user\n-----END CERTIFICATE-----",
      text: "hello",
      user: "approver-1",
      confirm: "x",
    }),
  () => "not json at all",
];

export const HOSTILE_HEADERS: Array<Record<string, string>> = [
  { "x-preflight-demo-user": "planner" },
  { "x-preflight-demo-user": "approver-1", "x-http-method-override": "DELETE", "x-original-url": "/user/tokens" },
  { "x-preflight-demo-user": "planner", "x-forwarded-host": "evil.example", "x-rewrite-url": "/accounts" },
];
