// The http_request_firewall_managed entry point's ruleset id in the sandbox: one per zone on the platform,
// the same fixed value here (seeded validation zones and the first migration PUT both use it).
export const ENTRYPOINT_ID = "e2a1b6c0f2a44c4e9c1f0a6d3b8e7f51";
