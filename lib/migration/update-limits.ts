// Limits of the migration update itself: over them the platform refuses and the customer must contact support.
export const MIGRATION_LIMITS = { firewallRules: 200, expressionBytes: 4096 } as const;
