// Runs once when the server starts: an invalid configuration stops start-up, naming the variable.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") {
    const { checkConfigOrExit } = await import("@/lib/startup-check");
    checkConfigOrExit();
  }
}
