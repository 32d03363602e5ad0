/**
 * Which generic message a zod issue gets in a language other than English, by its code and
 * parameters. Shared by the web's forms (lib/i18n/validation.ts, messages `common.validation.*`)
 * and the API's 422 answers (server catalogue `validation.*`), so both say the same thing; it
 * lives in the contract because the server imports nothing from the web side.
 */
export type ValidationIssue = {
  message: string;
  code?: string;
  origin?: string;
  format?: string;
  minimum?: number | bigint;
  maximum?: number | bigint;
};

export type ValidationKey =
  "required" | "tooShort" | "tooLong" | "tooSmall" | "tooBig" | "email" | "url" | "format" | "choice" | "invalid";

/** The generic message of an issue, with its ICU arguments. */
export function validationMessage(issue: ValidationIssue): { key: ValidationKey; values?: Record<string, number> } {
  const size = (value: number | bigint | undefined) => Number(value ?? 0);
  const text = issue.origin === "string";
  switch (issue.code) {
    // Form values are strings: a value of another type is a missing one.
    case "invalid_type":
      return { key: "required" };
    case "too_small":
      if (text)
        return size(issue.minimum) <= 1
          ? { key: "required" }
          : { key: "tooShort", values: { minimum: size(issue.minimum) } };
      return { key: "tooSmall", values: { minimum: size(issue.minimum) } };
    case "too_big":
      return text
        ? { key: "tooLong", values: { maximum: size(issue.maximum) } }
        : { key: "tooBig", values: { maximum: size(issue.maximum) } };
    case "invalid_format":
      if (issue.format === "email") return { key: "email" };
      if (issue.format === "url") return { key: "url" };
      return { key: "format" };
    case "invalid_value":
      return { key: "choice" };
    default:
      return { key: "invalid" };
  }
}

/**
 * An issue's message in `locale` (`t` formats a ValidationKey there). English keeps the
 * contract's own wording, which is more specific ("The passwords do not match.") than any
 * generic message.
 */
export function localizeIssue<I extends ValidationIssue>(
  issue: I,
  locale: string,
  t: (key: ValidationKey, values?: Record<string, number>) => string,
): I {
  if (locale === "en") return issue;
  const { key, values } = validationMessage(issue);
  return { ...issue, message: t(key, values) };
}
