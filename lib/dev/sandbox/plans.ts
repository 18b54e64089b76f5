// The four zone plans as the v4 API reports them, and a seeded share of zones per plan.
import type { Plan, PlanLegacyId } from "./types";
import type { Random } from "./random";

/** Free's id is the well-known all-`e` plan id; the other three ids are sandbox-made. */
export const PLANS: Record<PlanLegacyId, Plan> = {
  free: plan("0feeeeeeeeeeeeeeeeeeeeeeeeeeeeee", "Free Website", 0, "", "free", false, false, false),
  pro: plan("a577b510288e82b26486fa3e04a6b6ab", "Pro Website", 25, "monthly", "pro", true, true, false),
  business: plan("bf7b8d0c1d5f4e1b8c9a3e6f2d4c5b6a", "Business Website", 250, "monthly", "business", true, true, false),
  enterprise: plan("e1d2c3b4a5968778695a4b3c2d1e0f9a", "Enterprise Website", 0, "", "enterprise", true, false, true),
};

function plan(
  id: string,
  name: string,
  price: number,
  frequency: Plan["frequency"],
  legacyId: PlanLegacyId,
  isSubscribed: boolean,
  canSubscribe: boolean,
  externallyManaged: boolean,
): Plan {
  return {
    id,
    name,
    price,
    currency: "USD",
    frequency,
    is_subscribed: isSubscribed,
    can_subscribe: canSubscribe,
    legacy_id: legacyId,
    legacy_discount: false,
    externally_managed: externallyManaged,
  };
}

const SHARE: [PlanLegacyId, number][] = [
  ["free", 0.4],
  ["pro", 0.25],
  ["business", 0.2],
  ["enterprise", 0.15],
];

/** One plan per zone: exact shares (every plan present from 4 zones on), in a seeded order. `mix` (another
 * account's plans) splits the zones evenly between the listed plans instead. */
export function assignPlans(rng: Random, zoneCount: number, mix?: readonly PlanLegacyId[]): PlanLegacyId[] {
  if (mix && mix.length > 0) return rng.shuffle(Array.from({ length: zoneCount }, (_, i) => mix[i % mix.length]!));
  const slots: PlanLegacyId[] = [];
  for (const [legacyId, share] of SHARE.slice(1)) {
    const count = Math.max(zoneCount >= 4 ? 1 : 0, Math.round(zoneCount * share));
    for (let i = 0; i < count && slots.length < zoneCount; i++) slots.push(legacyId);
  }
  while (slots.length < zoneCount) slots.push("free");
  return rng.shuffle(slots);
}
