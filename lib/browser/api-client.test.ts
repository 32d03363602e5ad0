import { calls } from "../../contract/calls";
import { ApiError, apiCall, errorMessage } from "./api-client";

// Issue 25 §2: what the browser says itself (offline, an answer that is not the API's) is in the
// page's language, `<html lang>`.
describe("the API client's own failures", () => {
  const realFetch = globalThis.fetch;
  const page = (lang: string) =>
    Object.defineProperty(globalThis, "document", { value: { documentElement: { lang } }, configurable: true });
  afterEach(() => {
    globalThis.fetch = realFetch;
    Reflect.deleteProperty(globalThis, "document");
  });

  it("says 'offline' (status 0) in the page's language", async () => {
    page("es");
    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    const failure = await apiCall(calls.userProfile).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: "Parece que no tienes conexión. Comprueba tu conexión." });
  });

  it("says an answer that is not an envelope is a service failure, and anything else went wrong", async () => {
    page("fr");
    globalThis.fetch = () => Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(apiCall(calls.userProfile)).rejects.toMatchObject({
      status: 502,
      message: "Service indisponible, veuillez réessayer",
    });
    expect(errorMessage(new Error("boom"))).toBe("Une erreur s’est produite. Veuillez réessayer.");
  });

  it("stays English without a page language", async () => {
    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(apiCall(calls.userProfile)).rejects.toMatchObject({
      message: "You appear to be offline. Please check your connection.",
    });
  });
});

describe("the API client's refusals", () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });
  const answer = (status: number, body: object) => () =>
    Promise.resolve(new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } }));

  it("carry the refusal's code, and know the end of a session by it in any language", async () => {
    globalThis.fetch = answer(422, {
      status: false,
      code: "card_exists",
      message: "Este correo ya tiene una tarjeta aquí.",
      data: null,
      errors: { email: ["Este correo ya tiene una tarjeta aquí."] },
    });
    await expect(apiCall(calls.walletJoin)).rejects.toMatchObject({ status: 422, code: "card_exists" });
    globalThis.fetch = answer(401, { status: false, code: "unauthenticated", message: "No autenticado.", data: null });
    const ended = await apiCall(calls.userProfile).catch((error: unknown) => error);
    expect((ended as ApiError).unauthenticated).toBe(true);
    globalThis.fetch = answer(401, { status: false, code: "bad_credentials", message: "Unauthenticated.", data: null });
    const refused = await apiCall(calls.login).catch((error: unknown) => error);
    expect((refused as ApiError).unauthenticated).toBe(false);
  });
});
