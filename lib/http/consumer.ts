// Who a server request's upstream calls are for, in words a page can show ("the Zones scan uses the
// account rate limit"). The route's path decides it; two tabs of one page are one consumer. Pure.

const CONSUMERS: Array<[RegExp, string]> = [
  [/^\/api\/zones\/[^/]+\/validation(\/|$)/, "Validation"],
  [/^\/api\/zones\/[^/]+\//, "Zone detail"],
  [/^\/api\/zones\/?$/, "Zones scan"],
  [/^\/api\/certificates(\/|$)/, "Certificate audit"],
  [/^\/api\/snapshots\/refresh\/?$/, "Snapshot refresh"],
  [/^\/api\/reviews(\/|$)/, "Reviews"],
  [/^\/api\/invites\/?$/, "Invitations"],
];

export function consumerOf(pathname: string): string {
  return CONSUMERS.find(([pattern]) => pattern.test(pathname))?.[1] ?? "Other";
}
