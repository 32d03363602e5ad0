import "server-only";
import { webEnv } from "./env";

/** The API server's URL for a contract path (`/user-profile`) and query string. */
export function backendUrl(path: string, search = ""): string {
  return `${webEnv().BACKEND_API_URL}${path}${search}`;
}
