import { ApiError } from "../api-client";
import { outcomeUnknown, reusableAttempt } from "./charge-attempt";

describe("a payment attempt kept across retries", () => {
  const attempt = { key: "k".repeat(32), token: "pm_card_visa", what: "newUser:1:19.00" };

  it("is reused for the same purchase, not for another one", () => {
    expect(reusableAttempt(attempt, "newUser:1:19.00")).toBe(attempt);
    expect(reusableAttempt(attempt, "newUser:1:15.20")).toBeNull();
    expect(reusableAttempt(attempt, "newUser:2:19.00")).toBeNull();
    expect(reusableAttempt(null, "newUser:1:19.00")).toBeNull();
  });

  it("is kept when the outcome is unknown, ended by an answer", () => {
    expect(outcomeUnknown(new ApiError(0, "offline"))).toBe(true);
    expect(outcomeUnknown(new ApiError(503, "The payment provider could not be reached."))).toBe(true);
    expect(outcomeUnknown(new ApiError(504, "timeout"))).toBe(true);
    expect(outcomeUnknown(new ApiError(409, "This payment is being processed."))).toBe(true);
    expect(outcomeUnknown(new TypeError("failed to fetch"))).toBe(true);
    expect(outcomeUnknown(new ApiError(402, "Your card was declined."))).toBe(false);
    expect(outcomeUnknown(new ApiError(422, "The amount does not match the price."))).toBe(false);
  });
});
