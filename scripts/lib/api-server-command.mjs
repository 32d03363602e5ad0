// How the production API server is started, in one place: scripts/start.mjs (`npm start`) and
// `npm run bench:embedded` (bench/embedded.mts), which measures the product as `npm start` runs it.

/** The built server (scripts/build-server.mjs). */
export const API_SERVER_SCRIPT = "server/dist/main.cjs";

/** Node flags, before the script: stack traces name the sources, not the bundle. */
export const API_NODE_FLAGS = ["--enable-source-maps"];

/** What follows `node`. */
export const API_SERVER_ARGS = [...API_NODE_FLAGS, API_SERVER_SCRIPT];
