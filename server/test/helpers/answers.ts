import { findCall, type Call } from "../../../contract/calls";
import { refusalsOf } from "../../../contract/call";
import { safeParse } from "../../../contract/schema";

/** What `checkAnswer` needs of an answer. */
export type Answered = { statusCode: number; body: unknown; text: string };

const isEnvelope = (body: unknown): body is { status: boolean; data: unknown; code?: unknown } =>
  typeof body === "object" && body !== null && typeof (body as { status?: unknown }).status === "boolean";

/**
 * Why an answer breaks its call's contract, or null when it keeps it: a success's `data` (or the
 * whole answer, for calls that answer a file, a stream or a document) must pass the call's
 * `answer` schema, and a refusal must carry a code the call may answer.
 */
export function answerDrift(call: Call, res: Answered): string | null {
  if (res.statusCode === 204 || res.statusCode === 304) return null;
  if (res.statusCode >= 400) {
    const code = isEnvelope(res.body) ? res.body.code : undefined;
    if (typeof code !== "string") return `a ${res.statusCode} answer without a code: ${res.text.slice(0, 200)}`;
    if (!refusalsOf(call).has(code as never)) return `refusal code "${code}" is not one of the call's refusals`;
    return null;
  }
  const value = isEnvelope(res.body) ? res.body.data : res.body === undefined ? res.text : res.body;
  const parsed = safeParse(call.answer, value);
  if (parsed.success) return null;
  const issues = parsed.error.issues.map((i) => `${i.path.map(String).join(".") || "(answer)"}: ${i.message}`);
  return `the answer does not match the contract: ${issues.slice(0, 5).join("; ")}`;
}

/** Checks an answer of the app's API (`/api/...`) against its contract call, if it has one. */
export function checkAnswer(method: string, url: string, res: Answered) {
  const path = url.replace(/^\/api/, "").split("?")[0]!;
  if (path.startsWith("/v1/") || path === "/v1") return;
  const call = findCall(method, path);
  if (!call) return;
  // Fastify answers HEAD from the GET route: no body to check.
  if (method.toUpperCase() === "HEAD") return;
  const drift = answerDrift(call, res);
  if (drift) throw new Error(`${method} ${path} answered ${res.statusCode}, breaking its contract: ${drift}`);
}
