// test:edge's own ports (overridable with E2E_EDGE_*), set as the E2E_* variables the shared specs read,
// so the edge run never collides with a Node e2e run on the same machine.
const EDGE_DEFAULTS = { PORT: "3420", SANDBOX_PORT: "8822", ANVIL_PORT: "18623", GATEWAY_PORT: "18624" };

for (const [name, fallback] of Object.entries(EDGE_DEFAULTS)) {
  process.env[`E2E_${name}`] = process.env[`E2E_EDGE_${name}`] || fallback;
}

// The specs that exist on one runtime only (the scheduled trigger) read this.
process.env.E2E_RUNTIME = "edge";
