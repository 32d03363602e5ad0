import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SelectField } from "./select-field";
import { TextField } from "./text-field";

// The fields share one wrapper: the label, hint and error must still point at the control.
describe("form fields", () => {
  it("ties the label, hint and error of a text field to its input", () => {
    const html = renderToStaticMarkup(
      createElement(TextField, { id: "email", name: "email", label: "Email", hint: "Work address", error: "Required" }),
    );
    expect(html).toContain('<label for="email">Email</label>');
    expect(html).toContain(
      '<input id="email" aria-invalid="true" aria-describedby="email-hint email-error" name="email"/>',
    );
    expect(html).toContain('<p id="email-hint" class="field-hint">Work address</p>');
    expect(html).toContain('<p id="email-error" class="field-error" role="alert">Required</p>');
  });

  it("leaves a valid select without invalid or described-by attributes", () => {
    const html = renderToStaticMarkup(
      createElement(SelectField, {
        id: "country",
        name: "country",
        label: "Country",
        placeholder: "Choose a country",
        options: [{ value: "FR", label: "France" }],
      }),
    );
    expect(html).toContain(
      '<select id="country" name="country"><option value="">Choose a country</option><option value="FR">France</option></select>',
    );
    expect(html).not.toContain("field-error");
  });
});
