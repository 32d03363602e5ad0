import {
  changePasswordForm,
  forgotPasswordBody,
  loginBody,
  loginResponse,
  otpVerifyBody,
  passwordUpdateBody,
  profileUpdateBody,
  registerBody,
  resendOtpBody,
  resetPasswordBody,
  userSoftDeleteBody,
} from "./auth";
import { fieldErrors } from "./envelope";
import { email, name, otpCode, otpPurpose, password, phoneNumber } from "./fields";
import { safeParse, type Schema } from "./schema";

/** The field messages a schema answers for a value ({} when valid). */
const errorsOf = (schema: Schema, value: unknown) => {
  const parsed = safeParse(schema, value);
  return parsed.success ? {} : fieldErrors(parsed.error);
};

const register = {
  name: "Ada Owner",
  email: "ada@example.com",
  phone_number: "+1 555 0100",
  password: "long enough",
  password_confirmation: "long enough",
};

describe("field rules", () => {
  it("trims and lower-cases the email", () => {
    expect(email.parse("  Ada.Lovelace@Example.COM ")).toBe("ada.lovelace@example.com");
    // 191 characters is the most an email may have.
    expect(email.parse(`${"a".repeat(185)}@x.com`)).toHaveLength(191);
  });

  it.each([
    [undefined, "The email field is required."],
    ["", "The email field is required."],
    ["   ", "The email field is required."],
    ["not-an-email", "Please enter a valid email address."],
    ["a@b", "Please enter a valid email address."],
    [`${"a".repeat(186)}@x.com`, "The email may not be greater than 191 characters."],
  ])("refuses the email %j: %s", (value, message) => {
    expect(errorsOf(email, value)._).toContain(message);
  });

  it("needs passwords of 8 to 128 characters, kept as typed", () => {
    expect(password.parse("12345678")).toBe("12345678");
    expect(password.parse("  spaces kept  ")).toBe("  spaces kept  ");
    expect(password.parse("p".repeat(128))).toHaveLength(128);
    expect(errorsOf(password, "1234567")._).toEqual(["The password must be at least 8 characters."]);
    expect(errorsOf(password, "p".repeat(129))._).toEqual(["The password may not be greater than 128 characters."]);
    expect(errorsOf(password, undefined)._).toEqual(["The password field is required."]);
    expect(errorsOf(password, 12345678)._).toEqual(["The password field is required."]);
  });

  it("trims names and needs 2 to 100 characters", () => {
    expect(name.parse("  Ada  ")).toBe("Ada");
    expect(errorsOf(name, " A ")._).toEqual(["The name must be at least 2 characters."]);
    expect(errorsOf(name, "n".repeat(101))._).toEqual(["The name may not be greater than 100 characters."]);
  });

  it("answers an empty phone number with one message, not two", () => {
    expect(errorsOf(phoneNumber, "")._).toEqual(["The phone number field is required."]);
    expect(errorsOf(phoneNumber, "   ")._).toEqual(["The phone number field is required."]);
  });

  it.each(["+1 555 0100", "(030) 555-1234", "123456", "+44 20 7946 0958"])("accepts the phone number %s", (value) => {
    expect(phoneNumber.safeParse(value).success).toBe(true);
  });

  it.each(["12345", "call me", "+1 555 0100 ext. 3", "1".repeat(21), "++15550100"])(
    "refuses the phone number %s",
    (value) => {
      expect(errorsOf(phoneNumber, value)._).toContain("Please enter a valid phone number.");
    },
  );

  it("needs a 6-digit code and a known purpose", () => {
    expect(otpCode.parse(" 012345 ")).toBe("012345");
    for (const bad of ["12345", "1234567", "12345a", "１２３４５６"]) {
      expect(errorsOf(otpCode, bad)._).toEqual(["The code must be 6 digits."]);
    }
    expect(otpPurpose.options).toEqual(["register", "forgot-password"]);
    expect(errorsOf(otpPurpose, "login")._).toEqual(["The purpose must be register or forgot-password."]);
  });
});

describe("registerBody", () => {
  it("accepts a valid registration and normalises it", () => {
    expect(registerBody.parse({ ...register, email: " ADA@Example.com", name: " Ada Owner " })).toEqual({
      ...register,
      email: "ada@example.com",
      name: "Ada Owner",
    });
  });

  it("puts a confirmation mismatch on password_confirmation", () => {
    expect(errorsOf(registerBody, { ...register, password_confirmation: "different!" })).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
  });

  it("names every missing field", () => {
    expect(Object.keys(errorsOf(registerBody, {})).sort()).toEqual(
      ["email", "name", "password", "password_confirmation", "phone_number"].sort(),
    );
  });

  it("drops fields it does not know", () => {
    expect(registerBody.parse({ ...register, role: "staff", status_payment: "1" })).not.toHaveProperty("role");
  });
});

describe("the other auth bodies", () => {
  it("login needs an email and any non-empty password (not the new-password rules)", () => {
    expect(loginBody.parse({ email: "A@B.co", password: "x" })).toEqual({ email: "a@b.co", password: "x" });
    expect(errorsOf(loginBody, { email: "a@b.co", password: "" })).toEqual({
      password: ["The password field is required."],
    });
  });

  it("otp-verify and resend-otp", () => {
    expect(otpVerifyBody.parse({ email: "A@b.co", otp: "123456", purpose: "register" })).toEqual({
      email: "a@b.co",
      otp: "123456",
      purpose: "register",
    });
    expect(Object.keys(errorsOf(otpVerifyBody, {})).sort()).toEqual(["email", "otp", "purpose"]);
    expect(Object.keys(errorsOf(resendOtpBody, { email: "a@b.co" }))).toEqual(["purpose"]);
    expect(Object.keys(errorsOf(forgotPasswordBody, {}))).toEqual(["email"]);
  });

  it("reset-password needs a plausible reset token and matching passwords", () => {
    const body = {
      email: "a@b.co",
      reset_token: "r".repeat(43),
      password: "new password",
      password_confirmation: "new password",
    };
    expect(resetPasswordBody.safeParse(body).success).toBe(true);
    expect(errorsOf(resetPasswordBody, { ...body, reset_token: "short" })).toEqual({
      reset_token: ["The reset session has expired. Please request a new code."],
    });
    expect(errorsOf(resetPasswordBody, { ...body, password_confirmation: "other password" })).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
    const { reset_token: _token, ...form } = body;
    expect(changePasswordForm.safeParse(form).success).toBe(true);
    expect(Object.keys(errorsOf(changePasswordForm, { ...form, password_confirmation: "x" }))).toEqual([
      "password_confirmation",
    ]);
  });

  it("profile-update, password-update and user-soft-delete", () => {
    expect(profileUpdateBody.parse({ name: " Ada ", phone_number: " 123456 " })).toEqual({
      name: "Ada",
      phone_number: "123456",
    });
    expect(
      errorsOf(passwordUpdateBody, {
        current_password: "old",
        password: "new password",
        password_confirmation: "nope",
      }),
    ).toEqual({
      password_confirmation: ["The password confirmation does not match."],
    });
    expect(
      Object.keys(errorsOf(passwordUpdateBody, { password: "new password", password_confirmation: "new password" })),
    ).toEqual(["current_password"]);
    expect(errorsOf(userSoftDeleteBody, {})).toEqual({ password: ["The password field is required."] });
  });

  it("loginResponse has auth_token at the top level and the profile in data", () => {
    const profile = {
      id: 1,
      name: "Ada",
      email: "a@b.co",
      phone_number: "123456",
      role: "owner",
      status_payment: "1",
      email_verified_at: null,
      created_at: "2026-01-01T00:00:00.000Z",
      locale: null,
    };
    expect(loginResponse.safeParse({ status: true, message: "ok", auth_token: "t", data: profile }).success).toBe(true);
    expect(loginResponse.safeParse({ status: true, message: "ok", data: profile }).success).toBe(false);
    expect(
      loginResponse.safeParse({
        status: true,
        message: "ok",
        auth_token: "t",
        data: { ...profile, status_payment: "2" },
      }).success,
    ).toBe(false);
  });
});
