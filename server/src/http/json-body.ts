import type { FastifyInstance } from "fastify";
import { HttpError } from "./errors";

/** Deeper bodies are refused before they are parsed: no contract call nests more than a few. */
export const MAX_JSON_DEPTH = 32;

/** The nesting depth of a JSON text, counted without parsing it (strings are skipped). */
export function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 /* { */ || c === 91 /* [ */) {
      if (++depth > max) max = depth;
      if (max > MAX_JSON_DEPTH) return max;
    } else if (c === 125 || c === 93) depth--;
  }
  return max;
}

/**
 * JSON bodies: an empty body is no body (a bodiless POST with a JSON content type, as fetch
 * libraries send for logout, is not an error), and a body nested deeper than any call needs is
 * refused with 422 instead of exhausting the stack somewhere later.
 */
export function registerJsonParser(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser("error", "error");
  app.removeContentTypeParser("application/json");
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    const text = body as string;
    if (text.trim() === "") return done(null, undefined);
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return done(new HttpError(422, "http.invalidInput", { _: ["http.nestedTooDeeply"] }), undefined);
    }
    parse(request, text, done);
  });
}
