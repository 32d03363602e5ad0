import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import { pseudoMessages } from "@/lib/i18n/pseudo";
import enCommon from "@/messages/en/common.json";
import esCommon from "@/messages/es/common.json";
import { ApiError } from "@/lib/browser/api-client";
import { FormActions } from "./form-actions";
import { CursorPagination, Pagination } from "./pagination";
import { ErrorState } from "./query-state";

const noop = () => {};

const render = (locale: string, messages: AbstractIntlMessages) =>
  renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages, timeZone: "UTC" },
      createElement(Pagination, { data: { page: 2, last_page: 3, total: 41 }, onPage: noop, label: "Recompensas" }),
      createElement(CursorPagination, { page: 2, hasMore: true, onPrevious: noop, onNext: noop, label: "Escaneos" }),
      createElement(FormActions, { submit: "Guardar", busy: false, onCancel: noop }),
      createElement(ErrorState, {
        what: "las recompensas",
        error: new ApiError(503, "Servicio no disponible."),
        onRetry: noop,
      }),
    ),
  );

/** The visible words and the navigation's names, without the markup. */
const words = (html: string) => [
  ...html
    .replace(/<[^>]+aria-label="([^"]*)"[^>]*>/g, " $1 ")
    .replace(/<[^>]+>/g, " ")
    .split(/\s+/),
];

// The shared controls every dashboard section uses, in the page's language: they showed English
// on a Spanish page (pagination, Cancel, a failed load).
describe("the shared controls", () => {
  it("speaks the page's language: buttons, position and the navigation's name", () => {
    const html = render("es", { common: esCommon } as AbstractIntlMessages);
    expect(html).toContain(">Anterior<");
    expect(html).toContain(">Siguiente<");
    expect(html).toContain("Página 2 de 3 (41 en total)");
    expect(html).toContain("Página 2<");
    expect(html).toContain('aria-label="Recompensas: páginas"');
    expect(html).toContain(">Cancelar<");
    expect(html).toContain("No pudimos cargar las recompensas.");
    expect(html).toContain(">Reintentar<");
    expect(words(html)).not.toEqual(expect.arrayContaining(["Previous"]));
    expect(words(html)).not.toEqual(expect.arrayContaining(["Next"]));
  });

  it("has no word outside the messages (the pseudo-locale)", () => {
    const html = render("en", pseudoMessages({ common: enCommon } as AbstractIntlMessages));
    const english = words(html).filter(
      (word) =>
        /^[A-Za-z]{3,}$/.test(word) &&
        !["Recompensas", "Escaneos", "Guardar", "las", "recompensas", "Servicio", "disponible"].includes(word),
    );
    expect(english).toEqual([]);
  });
});
