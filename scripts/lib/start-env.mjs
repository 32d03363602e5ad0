// The environment `npm start` (and `npm run dev`) gives the API and web servers: a local run on the
// embedded defaults. Webhooks get no exception: the SSRF guard is on here as in a deployment.

/** `processEnv` (with .env loaded) completed with the local run's defaults. */
export function startEnv(processEnv, { dev = false } = {}) {
  const port = processEnv.PORT || "3000";
  const apiPort = processEnv.API_PORT || "4000";
  const apiUrl = apiUrlOf({ ...processEnv, API_PORT: apiPort });
  return {
    ...processEnv,
    NODE_ENV: dev ? "development" : "production",
    // A local run: production builds on the embedded defaults (no SMTP, sandbox payments, a
    // generated session secret). A deployment sets the real values and never this.
    ALLOW_LOCAL_DEFAULTS: processEnv.ALLOW_LOCAL_DEFAULTS ?? "true",
    API_PORT: apiPort,
    PORT: port,
    BACKEND_API_URL: processEnv.BACKEND_API_URL || apiUrl,
    PUBLIC_APP_URL: processEnv.PUBLIC_APP_URL || `http://localhost:${port}`,
  };
}

/** The API server's URL (…/api) in that environment. */
export function apiUrlOf(env) {
  const apiHost = env.API_HOST || "127.0.0.1";
  return `http://${apiHost === "0.0.0.0" ? "127.0.0.1" : apiHost}:${env.API_PORT}/api`;
}
