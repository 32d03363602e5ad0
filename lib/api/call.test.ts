import { calls } from "../../contract/calls";
import { authCalls, contactUsCall, counterCalls, fcmTokenCall, walletCalls } from "../../contract/client-calls";
import { z } from "zod";
import { callPath, callRequest, isEnvelope, queryString, type AnswerOf } from "./call";

describe("a call's request", () => {
  it("fills each path parameter, encoded as one segment", () => {
    expect(callPath("/files/:id", { id: 7 })).toBe("/files/7");
    expect(
      callPath(calls.appleRegisterDevice.path, {
        device_id: "a b/c",
        pass_type_id: "pass.x",
        serial_number: "LC-1?2#3",
      }),
    ).toBe("/apple-wallet/v1/devices/a%20b%2Fc/registrations/pass.x/LC-1%3F2%233");
  });

  it("refuses to build a path with a parameter missing (a route of another call)", () => {
    expect(() => callPath("/files/:id", {})).toThrow(":id");
    expect(() => callPath("/payment-receipt/:id", { id: "" })).toThrow(":id");
  });

  it("builds the query from what is set, encoded, lists as repeated keys", () => {
    expect(queryString({ page: 2, per_page: undefined, q: "", business_id: null, name: "Café & co" })).toBe(
      "?page=2&name=Caf%C3%A9+%26+co",
    );
    expect(queryString({ kind: ["stamp", "redeem"], all: true })).toBe("?kind=stamp&kind=redeem&all=true");
    expect(queryString({})).toBe("");
    expect(queryString()).toBe("");
  });

  it("makes the request of a call: method, path with parameters, query, body and headers", () => {
    expect(callRequest(calls.paymentReceipt, { params: { id: 12 } })).toEqual({
      method: "GET",
      path: "/payment-receipt/12",
      search: "",
      body: undefined,
      headers: {},
    });
    expect(callRequest(counterCalls.counterCode, { query: { qr_id: 3 } })).toMatchObject({
      method: "GET",
      path: "/counter-code",
      search: "?qr_id=3",
    });
    expect(callRequest(calls.qrCodeScanner, { body: { code: "LC-1" }, headers: { "idempotency-key": "k" } })).toEqual({
      method: "POST",
      path: "/qr-code-scanner",
      search: "",
      body: { code: "LC-1" },
      headers: { "idempotency-key": "k" },
    });
    expect(callRequest(authCalls.logout)).toEqual({
      method: "POST",
      path: "/logout",
      search: "",
      body: undefined,
      headers: {},
    });
  });

  it("tells the API's envelope from anything else", () => {
    expect(isEnvelope({ status: false, message: "No.", data: null })).toBe(true);
    expect(isEnvelope({ message: "Bad gateway" })).toBe(false);
    expect(isEnvelope(null)).toBe(false);
    expect(isEnvelope("<html>")).toBe(false);
  });
});

// Checked by `tsc -p server/tsconfig.json` (it includes lib's tests): each line below marked as an
// expected error must fail to compile, so the input of every call is typed from its contract.
describe("a call's input, typed from its schemas", () => {
  it("takes each part as its schema's input, and refuses what the call does not take", () => {
    const ok = [
      callRequest(calls.deleteQr, { body: { id: 1 } }),
      callRequest(calls.rewardList, { query: { page: 1 } }),
      callRequest(calls.rewardList),
      callRequest(calls.file, { params: { id: "7" } }),
      callRequest(authCalls.login, { body: { email: "a@b.c", password: "x" } }),
      // The BFF adds the reset token of reset-password: the browser never sends one.
      callRequest(authCalls.resetPassword, { body: { email: "a@b.c", password: "x", password_confirmation: "x" } }),
      callRequest(calls.addBusiness, { body: new FormData() }),
    ];
    // Compiled, never run: building these requests would throw, which is not what is tested here.
    const wrong = () => {
      // @ts-expect-error login's body has no `user` field and needs its email and password
      callRequest(authCalls.login, { body: { user: "a" } });
      // @ts-expect-error the password is text
      callRequest(authCalls.login, { body: { email: "a@b.c", password: 12 } });
      // @ts-expect-error user-profile takes no body
      callRequest(calls.userProfile, { body: { id: 1 } });
      // @ts-expect-error files/:id needs its id
      callRequest(calls.file, {});
      // @ts-expect-error a counter code's query is its QR code's id
      callRequest(counterCalls.counterCode, { query: { qr: 1 } });
      // @ts-expect-error reward-list takes no path parameters
      callRequest(calls.rewardList, { params: { id: 1 } });
    };
    expect(ok).toHaveLength(7);
    expect(wrong).toBeInstanceOf(Function);
  });
});

describe("a call's answer type", () => {
  it("comes from the call's `answer` schema", () => {
    const withAnswer = { ...calls.userProfile, answer: z.object({ id: z.number() }) };
    const typed: AnswerOf<typeof withAnswer> = { id: 1 };
    // @ts-expect-error the answer's id is a number
    const wrong: AnswerOf<typeof withAnswer> = { id: "1" };
    // @ts-expect-error the profile's answer is an object, not any text
    const profile: AnswerOf<typeof calls.userProfile> = "anything";
    expect([withAnswer.path, typed, wrong, profile]).toHaveLength(4);
  });

  it("of a light page's entry is the type of calls.ts's schema for it", () => {
    // Both ways assignable: the same type. A light entry that declared another answer breaks this.
    type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
    type Answers<L, K extends keyof L & keyof typeof calls> = {
      [N in K]: Same<AnswerOf<L[N]>, AnswerOf<(typeof calls)[N]>>;
    };
    const auth: Answers<typeof authCalls, keyof typeof authCalls> = {
      register: true,
      otpVerify: true,
      resendOtp: true,
      login: true,
      forgotPassword: true,
      resetPassword: true,
      logout: true,
      userProfile: true,
      profileUpdate: true,
      passwordUpdate: true,
      userSoftDelete: true,
    };
    const wallet: Answers<typeof walletCalls, keyof typeof walletCalls> = {
      walletJoin: true,
      walletRecover: true,
      walletCardDelete: true,
      walletBirthday: true,
    };
    const counter: Answers<typeof counterCalls, keyof typeof counterCalls> = {
      counterCode: true,
      counterEvents: true,
      counterDeviceClaim: true,
    };
    const single: [
      Same<AnswerOf<typeof contactUsCall>, AnswerOf<typeof calls.contactUs>>,
      Same<AnswerOf<typeof fcmTokenCall>, AnswerOf<typeof calls.fcmToken>>,
    ] = [true, true];
    // @ts-expect-error the login's answer is the profile, not the e-mail answer
    const crossed: Same<AnswerOf<typeof authCalls.login>, AnswerOf<typeof calls.register>> = true;
    expect([auth, wallet, counter, single, crossed].every((checks) => checks)).toBe(true);
  });
});
