/**
 * A JSON POST through the BFF for the add-to-wallet page. Plain fetch on purpose: the page's
 * JavaScript stays small on a phone (no form library, no zod; the server validates and answers
 * field messages, which the forms show).
 */
import type { RefusalCode } from "../../contract/refusals";

export async function postJson<T = unknown>(path: string, body: unknown) {
  try {
    const res = await fetch(`/api${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
    const json = (await res.json()) as {
      status: boolean;
      message: string;
      data: T;
      errors?: Record<string, string[]>;
      code?: RefusalCode;
    };
    return {
      ok: res.ok && json.status,
      message: json.message,
      data: json.data,
      errors: json.errors ?? {},
      /** A refusal's stable code (contract/refusals.ts): what to decide by, whatever the language. */
      code: json.code,
    };
  } catch {
    return {
      ok: false,
      message: "No connection. Please try again.",
      data: null,
      errors: {} as Record<string, string[]>,
      code: undefined,
    };
  }
}
