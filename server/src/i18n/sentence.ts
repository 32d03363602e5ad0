import type { ApiKey } from "./messages/api/en";
import { translator, type Translate } from "./index";

export type Values = Record<string, string | number>;

/**
 * A sentence the API answers (an envelope's `message`, an error's, a field's): a catalogue key,
 * a key with its values, or text that is not ours to translate (a payment provider's words).
 * Handlers say which sentence; the route and the error handler say it in the request's language.
 */
export type Sentence = ApiKey | { key: ApiKey; values: Values } | { text: string };

/** A key with values: `sentence("apiKeys.tooMany", { max: 5 })`. */
export const sentence = (key: ApiKey, values: Values): Sentence => ({ key, values });

/** Text passed on as it is (a provider's failure message, a value computed elsewhere). */
export const verbatim = (text: string): Sentence => ({ text });

/** The sentence in `t`'s language. */
export function say(t: Translate, s: Sentence): string {
  if (typeof s === "string") return t(s);
  return "text" in s ? s.text : t(s.key, s.values);
}

const english = translator("en");

/** The sentence in English: logs, and the public API (which answers in English only). */
export const inEnglish = (s: Sentence) => say(english, s);
