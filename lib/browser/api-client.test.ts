import { calls } from "../../contract/calls";
import { authCalls, counterCalls } from "../../contract/client-calls";
import { ApiError, callApi, errorMessage, settle } from "./api-client";

const realFetch = globalThis.fetch;
const page = (lang: string) =>
  Object.defineProperty(globalThis, "document", { value: { documentElement: { lang } }, configurable: true });
afterEach(() => {
  globalThis.fetch = realFetch;
  Reflect.deleteProperty(globalThis, "document");
});

type Sent = { url: string; init: RequestInit };
/** A fetch that answers `answer` (JSON, with `status`) and keeps what it was asked. */
function answering(answer: unknown, status = 200) {
  const sent: Sent[] = [];
  globalThis.fetch = (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ url: String(input), init });
    return Promise.resolve(new Response(JSON.stringify(answer), { status }));
  };
  return sent;
}

describe("callApi in the browser", () => {
  it("calls the BFF same-origin with the call's method, path and query, and resolves with the envelope", async () => {
    const sent = answering({ status: true, message: "OK", data: { items: [], last_page: 1 } });
    const envelope = await callApi(calls.rewardList, { query: { page: 2, per_page: undefined } });
    expect(envelope).toEqual({ status: true, message: "OK", data: { items: [], last_page: 1 } });
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe("/api/reward-list?page=2");
    expect(sent[0]!.init).toMatchObject({ method: "GET", credentials: "same-origin", body: undefined });
    expect(sent[0]!.init.headers).toEqual({ accept: "application/json" });
  });

  it("sends a JSON body with its content type, and the call's extra headers (Idempotency-Key)", async () => {
    const sent = answering({ status: true, message: "Stamped.", data: { stamps: 3 } });
    await callApi(calls.qrCodeScanner, { body: { code: "LC-AAAA-BBBB-CCCC" }, headers: { "idempotency-key": "k-1" } });
    expect(sent[0]!.url).toBe("/api/qr-code-scanner");
    expect(sent[0]!.init.method).toBe("POST");
    expect(JSON.parse(String(sent[0]!.init.body))).toEqual({ code: "LC-AAAA-BBBB-CCCC" });
    expect(sent[0]!.init.headers).toEqual({
      accept: "application/json",
      "content-type": "application/json",
      "idempotency-key": "k-1",
    });
  });

  it("sends FormData as it is (multipart: the browser sets the content type and boundary)", async () => {
    const sent = answering({ status: true, message: "Saved.", data: {} });
    const form = new FormData();
    form.set("business_name", "Café");
    await callApi(calls.addBusiness, { body: form });
    expect(sent[0]!.init.body).toBe(form);
    expect(sent[0]!.init.headers).toEqual({ accept: "application/json" });
  });

  it("fills path parameters, each encoded as one segment", async () => {
    const sent = answering({ status: true, message: "", data: null });
    await callApi(calls.appleUpdatedPasses, {
      params: { device_id: "dev/1", pass_type_id: "pass.com.example" },
      query: { passesUpdatedSince: "12" },
    });
    expect(sent[0]!.url).toBe(
      "/api/apple-wallet/v1/devices/dev%2F1/registrations/pass.com.example?passesUpdatedSince=12",
    );
  });

  it("takes the light pages' calls (no zod) the same way", async () => {
    const sent = answering({ status: true, message: "", data: { url: "https://x", expires_at: null } });
    await callApi(counterCalls.counterCode, { query: { qr_id: 7 } });
    expect(sent[0]!.url).toBe("/api/counter-code?qr_id=7");
  });

  it("rejects a refusal with ApiError: its status, message, field errors and code", async () => {
    answering(
      {
        status: false,
        message: "The given data was invalid.",
        data: null,
        errors: { email: ["The email must be a valid email address."] },
        code: "validation",
      },
      422,
    );
    const failure = await callApi(authCalls.login, { body: { email: "x", password: "y" } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({
      status: 422,
      message: "The given data was invalid.",
      errors: { email: ["The email must be a valid email address."] },
      code: "validation",
    });
  });

  it("leaves `code` out when the refusal has none, and knows the end of a session by its code", async () => {
    answering({ status: false, message: "Bad gateway.", data: null }, 401);
    const failure = (await callApi(calls.userProfile).catch((e: unknown) => e)) as ApiError;
    expect(failure.code).toBeUndefined();
    expect(failure.errors).toEqual({});
    expect(failure.unauthenticated).toBe(false);
    answering({ status: false, code: "unauthenticated", message: "Unauthenticated.", data: null }, 401);
    const ended = (await callApi(calls.userProfile).catch((e: unknown) => e)) as ApiError;
    expect(ended.unauthenticated).toBe(true);
  });

  it("rejects an envelope that says it failed even with a 200", async () => {
    answering({ status: false, message: "Not this time.", data: null });
    await expect(callApi(calls.userProfile)).rejects.toMatchObject({ status: 200, message: "Not this time." });
  });

  it("settles a call for a form: the message, or the refusal's message and field errors", async () => {
    answering({ status: true, message: "Saved.", data: { id: 1 } });
    await expect(settle(callApi(calls.userProfile))).resolves.toEqual({
      ok: true,
      message: "Saved.",
      data: { id: 1 },
      errors: {},
    });
    answering({ status: false, message: "Check the fields.", data: null, errors: { birthday: ["Too late."] } }, 422);
    await expect(settle(callApi(calls.userProfile))).resolves.toEqual({
      ok: false,
      message: "Check the fields.",
      data: null,
      errors: { birthday: ["Too late."] },
    });
  });
});

// What the browser says itself (offline, an answer that is not the API's) is in the
// page's language, `<html lang>`.
describe("the API client's own failures", () => {
  it("says 'offline' (status 0) in the page's language", async () => {
    page("es");
    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    const failure = await callApi(calls.userProfile).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 0, message: "Parece que no tienes conexión. Comprueba tu conexión." });
  });

  it("says an answer that is not an envelope is a service failure, and anything else went wrong", async () => {
    page("fr");
    globalThis.fetch = () => Promise.resolve(new Response("<html>Bad gateway</html>", { status: 502 }));
    await expect(callApi(calls.userProfile)).rejects.toMatchObject({
      status: 502,
      message: "Service indisponible, veuillez réessayer",
    });
    expect(errorMessage(new Error("boom"))).toBe("Une erreur s’est produite. Veuillez réessayer.");
  });

  it("stays English without a page language", async () => {
    globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"));
    await expect(callApi(calls.userProfile)).rejects.toMatchObject({
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
    await expect(
      callApi(calls.walletJoin, { body: { qr_token: "t", name: "N", email: "n@example.com", consent: true } }),
    ).rejects.toMatchObject({ status: 422, code: "card_exists" });
    globalThis.fetch = answer(401, { status: false, code: "unauthenticated", message: "No autenticado.", data: null });
    const ended = await callApi(calls.userProfile).catch((error: unknown) => error);
    expect((ended as ApiError).unauthenticated).toBe(true);
    globalThis.fetch = answer(401, { status: false, code: "bad_credentials", message: "Unauthenticated.", data: null });
    const refused = await callApi(calls.login, { body: { email: "x@example.com", password: "y" } }).catch(
      (error: unknown) => error,
    );
    expect((refused as ApiError).unauthenticated).toBe(false);
  });
});
