// The blocks the node keeps no state for, as far as this process has learned: a node that answered
// "no state at block N" (pruned) keeps none for any older block either, and never will again, so one
// refusal spares every later request the same refused eth_getCode (on the demo's anvil, which keeps no
// old state, 11 of a decoded read's 19 gateway calls). Remembered for STATE_HORIZON_TTL_MS only: a
// gateway may balance over nodes that keep more, and a node may refuse for a while (a snapshot being
// rebuilt) and then answer again.
export const STATE_HORIZON_TTL_MS = 60_000;

export class StateHorizon {
  private refused?: { upTo: number; until: number };

  constructor(private readonly ttlMs = STATE_HORIZON_TTL_MS) {}

  /** Whether the node refused state for this block or a later one within the TTL. */
  refuses(block: number, now = Date.now()): boolean {
    return this.refused !== undefined && now < this.refused.until && block <= this.refused.upTo;
  }

  /** The node said it keeps no state at `block`: the horizon moves up to it, and its minute starts again only then. */
  learn(block: number, now = Date.now()): void {
    if (this.refuses(block, now)) return; // a late answer about an older block confirms nothing newer
    this.refused = { upTo: block, until: now + this.ttlMs };
  }
}

/** The process's horizon (one gateway per process). */
export const stateHorizon = new StateHorizon();
