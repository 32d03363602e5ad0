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
