// Runs once when the Node server starts: an invalid configuration stops start-up, naming the variable.
// On the edge runtime there is no process to stop: a bad variable is named in each request's error.
export async function register() {
  const onEdge = (globalThis as { navigator?: { userAgent?: string } }).navigator?.userAgent === "Cloudflare-Workers";
  if (process.env.NEXT_RUNTIME === "nodejs" && !onEdge) {
    const { checkConfigOrExit } = await import("@/lib/startup-check");
    checkConfigOrExit();
  }
}
