import { IntlMessageFormat } from "intl-messageformat";
import { loginBody, registerBody } from "../../contract/auth";
import de from "../../messages/de/common.json";
import { localizeIssue, validationMessage, type ValidationIssue } from "./validation";

const issuesOf = (result: unknown) => (result as { issues?: ValidationIssue[] }).issues ?? [];
const t = (key: keyof typeof de.validation, values?: Record<string, number>) =>
  String(new IntlMessageFormat(de.validation[key], "de").format(values));

describe("contract validation messages in the form's language", () => {
  it("maps the contract's issues to common.validation messages, with their sizes", async () => {
    const issues = issuesOf(
      await registerBody["~standard"].validate({ name: "", email: "nope", phone_number: "1", password: "x" }),
    );
    const keys = issues.map((issue) => validationMessage(issue).key);

    expect(keys).toContain("required");
    expect(keys).toContain("email");
    expect(issues.map((issue) => localizeIssue(issue, "de", t).message)).toContain(
      "Bitte geben Sie eine gültige E-Mail-Adresse ein.",
    );
  });

  it("says how long a text must be, with the plural the language needs", () => {
    const short = {
      message: "The password must be at least 8 characters.",
      code: "too_small",
      origin: "string",
      minimum: 8,
    };
    expect(localizeIssue(short, "de", t).message).toBe("Geben Sie mindestens 8 Zeichen ein.");
    const long = { message: "Too long.", code: "too_big", origin: "string", maximum: 1 };
    expect(localizeIssue(long, "de", t).message).toBe("Geben Sie höchstens 1 Zeichen ein.");
  });

  it("keeps the contract's own English wording in English", async () => {
    const issues = issuesOf(await loginBody["~standard"].validate({ email: "", password: "" }));
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(localizeIssue(issue, "en", t)).toBe(issue);
  });
});
