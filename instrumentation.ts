// Runs once when the Node server starts: an invalid configuration stops start-up, naming the variable; with
// SNAPSHOT_REFRESH_MINUTES set, the Node timer starts calling the snapshot refresh step.
// On the edge runtime there is no process to stop (a bad variable is named in each request's error) and the cron trigger refreshes.
export async function register() {
  const onEdge = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";
  if (process.env.NEXT_RUNTIME === "nodejs" && !onEdge) {
    const { checkConfigOrExit } = await import("@/lib/startup-check");
    const config = checkConfigOrExit();
    if (config.snapshots.refreshMinutes > 0 && config.snapshots.cronSecret) {
      const { startRefreshTimer } = await import("@/lib/snapshots/node-timer");
      const host = process.env.HOSTNAME && process.env.HOSTNAME !== "0.0.0.0" ? process.env.HOSTNAME : "127.0.0.1";
      startRefreshTimer({ origin: `http://${host}:${process.env.PORT ?? "3000"}`, cronSecret: config.snapshots.cronSecret });
    }
  }
}
