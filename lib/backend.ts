import "server-only";
import type { Envelope } from "./contract/envelope";
import { messages } from "./contract/envelope";
import { webEnv } from "./env";

export class BackendUnavailable extends Error {}

/** Builds the API URL for a contract path (`/user-profile`) and query. */
export function backendUrl(path: string, search = ""): string {
  return `${webEnv().BACKEND_API_URL}${path}${search}`;
}

/**
 * The one server-side gateway to the API server, for server components: JSON in, envelope out.
 * The browser goes through the BFF (app/api/[...path]) instead.
 */
export async function backendFetch<T>(
  path: string,
  options: { method?: "GET" | "POST"; token?: string; body?: unknown; search?: string } = {},
): Promise<{ httpStatus: number; envelope: Envelope<T> }> {
  let response: Response;
  try {
    response = await fetch(backendUrl(path, options.search), {
      method: options.method ?? "GET",
      headers: {
        accept: "application/json",
        ...(options.body !== undefined && { "content-type": "application/json" }),
        ...(options.token && { authorization: `Bearer ${options.token}` }),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      cache: "no-store",
    });
  } catch {
    throw new BackendUnavailable(messages.serviceUnavailable);
  }
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (!envelope || typeof envelope.status !== "boolean") {
    throw new BackendUnavailable(messages.serviceUnavailable);
  }
  return { httpStatus: response.status, envelope };
}
