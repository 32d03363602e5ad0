import { ApiError, errorMessage } from "@/lib/browser/api-client";

/** A failure as the staff should read it: a 422's own field message rather than its generic title. */
export function failureText(error: unknown): string {
  // By its status, not its words: the API says its title in the page's language.
  if (error instanceof ApiError && error.status === 422) {
    const first = Object.values(error.errors)[0]?.[0];
    if (first) return first;
  }
  return errorMessage(error);
}
