import { inEnglish, type Sentence } from "../i18n/sentence";

/**
 * A change the product's rules refuse, said as the domain says it: the input it is about and why.
 * It knows nothing of HTTP; each surface answers it in its own form (http/failure.ts: a 422 with
 * the sentence on that field, in the dashboard's envelope or the public API's problem details).
 */
export class Refusal extends Error {
  constructor(
    readonly field: string,
    readonly sentence: Sentence,
  ) {
    super(inEnglish(sentence));
    this.name = "Refusal";
  }
}
