// The `action` vocabulary of firewall events, as the platform spells it in GraphQL and Logpush: camelCase
// (cloudflare-docs logs/reference/security-fields.mdx, the same spelling as the `source` values `waf` and
// `firewallManaged`). Other spellings of a known action (Logpush's lowercase `managedchallenge`, the rules'
// `managed_challenge`) are read as that action; an action we do not know is kept as given, never refused.

/** Every action the docs list, with what it did to the request. */
const ACTIONS = {
  unknown: "none",
  allow: "allowed",
  block: "stopped",
  challenge: "challenged",
  jschallenge: "challenged",
  log: "logged",
  connectionClose: "stopped",
  challengeSolved: "allowed",
  challengeFailed: "stopped",
  challengeBypassed: "allowed",
  jschallengeSolved: "allowed",
  jschallengeFailed: "stopped",
  jschallengeBypassed: "allowed",
  bypass: "allowed",
  skip: "allowed",
  managedChallenge: "challenged",
  managedChallengeSkipped: "allowed",
  managedChallengeNonInteractiveSolved: "allowed",
  managedChallengeInteractiveSolved: "allowed",
  managedChallengeBypassed: "allowed",
} as const;

export type KnownAction = keyof typeof ACTIONS;
type Effect = (typeof ACTIONS)[KnownAction];

/** Spelling-insensitive key: `managed_challenge`, `managedchallenge` and `managedChallenge` meet here. */
const key = (action: string) => action.replace(/[_\s-]/g, "").toLowerCase();
const BY_KEY = new Map<string, KnownAction>((Object.keys(ACTIONS) as KnownAction[]).map((a) => [key(a), a]));

/** The platform's spelling of a known action; an unknown one unchanged (trimmed). */
export function canonicalAction(action: string): string {
  const trimmed = action.trim();
  return BY_KEY.get(key(trimmed)) ?? trimmed;
}

function effectOf(action: string): Effect | undefined {
  const known = BY_KEY.get(key(action));
  return known ? ACTIONS[known] : undefined;
}

export function isKnownAction(action: string): boolean {
  return BY_KEY.has(key(action));
}

/** Actions that stop the request or make the visitor prove something: what "blocked" means to a person. */
export function isBlocking(action: string | null): boolean {
  if (action === null) return false;
  const effect = effectOf(action);
  return effect === "stopped" || effect === "challenged";
}

/** When one side logged several events for a request, the most decisive one stands for that side. */
export function decisiveness(action: string): number {
  const effect = effectOf(action);
  if (effect === "stopped") return 3;
  if (effect === "challenged") return 2;
  return effect === "logged" ? 1 : 0;
}
