/**
 * What a production web server must be told rather than default to: a generated
 * session secret is per machine (sessions break behind a load balancer), a missing public address
 * puts localhost in canonical links, and a missing payments mode would silently take Stripe's test
 * cards. `npm start` sets ALLOW_LOCAL_DEFAULTS for a local run on the embedded defaults.
 */
export const WEB_PRODUCTION_REQUIRED = ["SESSION_SECRET", "PUBLIC_APP_URL", "PAYMENTS_MODE"] as const;

/** The variables this production server lacks ([] when it may start). */
export function missingProductionSettings(env: Record<string, string | undefined>): string[] {
  const local = env.ALLOW_LOCAL_DEFAULTS === "true" || env.ALLOW_LOCAL_DEFAULTS === "1";
  if (env.NODE_ENV !== "production" || local) return [];
  return WEB_PRODUCTION_REQUIRED.filter((name) => !env[name]);
}
