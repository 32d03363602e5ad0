import { expect, test } from "@playwright/test";
import { uniqueEmail } from "./fixtures/auth";
import { E2E } from "./fixtures/env";
import { signedInOwner } from "./fixtures/owner";

// The public site is prerendered per language under its prefix; the other pages speak the
// visitor's language (the NEXT_LOCALE cookie, else the browser's Accept-Language).

test("the public site in each language: English unprefixed, the others under their prefix, Arabic right to left", async ({
  page,
}) => {
  await page.goto("/");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
  await expect(page.locator(".skip-link")).toHaveText("Skip to content");

  await page.goto("/es/terms-condition");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.locator(".skip-link")).toHaveText("Saltar al contenido");

  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");

  // `/en/…` is only the build's name for the English pages.
  const response = await page.goto("/en/privacy-policy");
  expect(new URL(response!.url()).pathname).toBe("/privacy-policy");
});

test("other pages follow the chosen language, else the browser's", async ({ browser }) => {
  const french = await browser.newContext({
    locale: "fr-FR",
    extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" },
  });
  const page = await french.newPage();
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await expect(page.locator(".skip-link")).toHaveText("Aller au contenu");

  await french.addCookies([{ name: "NEXT_LOCALE", value: "de", url: E2E.webUrl }]);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await expect(page.locator(".skip-link")).toHaveText("Zum Inhalt springen");

  // A cookie naming a language we do not speak falls back to the browser's.
  await french.addCookies([{ name: "NEXT_LOCALE", value: "xx", url: E2E.webUrl }]);
  await page.goto("/login");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr");
  await french.close();
});

test("the API's answers to a dashboard action show in the page's language", async ({ browser, request }) => {
  const spanish = await browser.newContext({
    locale: "es-ES",
    extraHTTPHeaders: { "Accept-Language": "es-ES,es;q=0.9" },
  });
  const page = await spanish.newPage();
  await signedInOwner(page, request, uniqueEmail("api-es"));
  await page.goto("/dashboard/profile");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");

  // The success toast is the API's own sentence, said in the language the BFF passed on.
  const details = page.getByRole("region", { name: "Tus datos" });
  await details.getByLabel("Nombre completo").fill("Ada Lovelace");
  await details.getByRole("button", { name: "Guardar datos" }).click();
  await expect(page.getByText("Perfil actualizado correctamente.")).toBeVisible();

  // So is a refusal only the server can make, beside its field.
  const password = page.getByRole("region", { name: "Cambiar contraseña" });
  await password.getByLabel("Contraseña actual").fill("not-my-password");
  await password.getByLabel("Contraseña nueva", { exact: true }).fill("another-long-password-9");
  await password.getByLabel("Confirmar nueva contraseña").fill("another-long-password-9");
  await password.getByRole("button", { name: "Actualizar contraseña" }).click();
  await expect(password.getByText("La contraseña actual es incorrecta.")).toBeVisible();
  await spanish.close();
});
