import { webEnv } from "./env";
import { sessionOptions } from "./session";

// A bad environment stops the web server at start with a clear message, not at the first request.
try {
  webEnv();
  sessionOptions(false); // reads SESSION_SECRET, or creates DATA_DIR/.secret with its warning
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
