// Loaded into the e2e servers (NODE_OPTIONS --import): writes every outbound TCP destination, once,
// to PREFLIGHT_OUTBOUND_LOG, so a spec can prove Preflight reached no host but its own, the sandbox and
// the gateway (fetch, TLS and plain sockets all connect through net.Socket.prototype.connect).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import process from "node:process";

const log = process.env.PREFLIGHT_OUTBOUND_LOG;
if (log) {
  // Its folder made here, not by the launcher: the edge run's server command (lib/dev/edge/preview.ts) makes none,
  // and `npm run test:edge` on a fresh checkout failed on the first connection with ENOENT.
  fs.mkdirSync(path.dirname(log), { recursive: true });
  const seen = new Set();
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function (...args) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    const options = typeof first === "object" && first !== null ? first : { port: first, host: args[1] };
    const target = options.path ? `unix:${options.path}` : `${options.host ?? "localhost"}:${options.port}`;
    if (!seen.has(target)) {
      seen.add(target);
      fs.appendFileSync(log, `${target}\n`);
    }
    return connect.apply(this, args);
  };
}
