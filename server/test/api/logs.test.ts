import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { createTestApp, expectError, type TestApp, uniqueEmail } from "../helpers/app";

/**
 * Secrets never reach the logs. The app is built as in production (buildApp with loggerOptions
 * from server/src/logger.ts), at level trace, with its log lines captured instead of printed.
 */

const mockLogLines: string[] = [];
jest.mock("../../src/logger", () => {
  const actual = jest.requireActual("../../src/logger");
  return {
    ...actual,
    loggerOptions: (config: unknown) => ({
      ...actual.loggerOptions(config),
      stream: { write: (line: string) => mockLogLines.push(line) },
    }),
  };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ LOG_LEVEL: "trace" });
});
afterAll(() => t.close());
beforeEach(() => {
  mockLogLines.length = 0;
});

const logText = () => mockLogLines.join("");
const logEntries = () => mockLogLines.map((line) => JSON.parse(line) as Record<string, unknown>);

it("keeps passwords, bearer tokens and reset tokens out of the log of a whole account's life", async () => {
  const email = uniqueEmail("logs");
  const secrets = {
    password: "first-secret-password",
    newPassword: "second-secret-password",
    resetPassword: "third-secret-password",
  };

  expect(
    (
      await t.post("/register", {
        name: "Log Owner",
        email,
        phone_number: "+1 555 0100",
        password: secrets.password,
        password_confirmation: secrets.password,
      })
    ).statusCode,
  ).toBe(201);
  expect((await t.post("/otp-verify", { email, otp: await t.lastOtp(email), purpose: "register" })).statusCode).toBe(
    200,
  );
  expectError(await t.post("/login", { email, password: "wrong-secret-password" }), 401);
  const token = await t.login(email, secrets.password);
  expect((await t.get("/user-profile", { token })).statusCode).toBe(200);
  expect((await t.get(`/user-profile?token=${token}&auth_token=${token}`, { token })).statusCode).toBe(200);
  expect((await t.get(`/nowhere?token=${token}&secret=${secrets.password}`, { token })).statusCode).toBe(404);
  expect(
    (
      await t.post(
        "/password-update",
        {
          current_password: secrets.password,
          password: secrets.newPassword,
          password_confirmation: secrets.newPassword,
        },
        { token },
      )
    ).statusCode,
  ).toBe(200);
  expectError(
    await t.post(
      "/password-update",
      {
        current_password: "wrong-secret-password",
        password: secrets.newPassword,
        password_confirmation: "mismatch-secret",
      },
      { token },
    ),
    422,
  );
  expect((await t.post("/forgot-password", { email })).statusCode).toBe(200);
  const verified = await t.post("/otp-verify", { email, otp: await t.lastOtp(email), purpose: "forgot-password" });
  const resetToken = (verified.body.data as { reset_token: string }).reset_token;
  expect(
    (
      await t.post("/reset-password", {
        email,
        reset_token: resetToken,
        password: secrets.resetPassword,
        password_confirmation: secrets.resetPassword,
      })
    ).statusCode,
  ).toBe(200);
  expectError(await t.get("/user-profile", { token }), 401, "Unauthenticated.");
  expect(
    (
      await t.post("/login", undefined, {
        raw: `email=${encodeURIComponent(email)}&password=${secrets.resetPassword}`,
        contentType: "application/x-www-form-urlencoded",
      })
    ).statusCode,
  ).toBe(200);

  // The log is really there: one access line per request, with the route and status.
  const access = logEntries().filter((entry) => entry.msg === "request");
  expect(access.length).toBe(14);
  expect(access.map((entry) => `${entry.method} ${entry.url} ${entry.statusCode}`)).toEqual(
    expect.arrayContaining([
      "POST /api/register 201",
      "POST /api/login 401",
      "GET /api/user-profile 200",
      "GET unknown 404",
    ]),
  );

  const text = logText();
  for (const secret of [...Object.values(secrets), "wrong-secret-password", "mismatch-secret", token, resetToken]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/Bearer /i);
});

describe("mail in the log: who and which template, never a code", () => {
  const register = (app: TestApp, email: string) =>
    app.post("/register", {
      name: "Mail Owner",
      email,
      phone_number: "+1 555 0100",
      password: "long enough pw",
      password_confirmation: "long enough pw",
    });

  it("without SMTP_URL: the mail goes to the outbox and the local mailbox folder, the log names only the file", async () => {
    const mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "mailbox-"));
    const local = await createTestApp({ LOG_LEVEL: "trace", MAIL_DIR: mailDir });
    try {
      const email = uniqueEmail("logs-mail");
      expect((await register(local, email)).statusCode).toBe(201);
      const code = await local.lastOtp(email);
      const line = logEntries().find((entry) => entry.msg === "mail kept locally (no SMTP_URL)");
      expect(line).toMatchObject({ to: `${email[0]}…@example.com`, kind: "otp-register" });
      const [file] = fs.readdirSync(mailDir);
      expect(line!.file).toBe(path.join(mailDir, file!));
      expect(fs.readFileSync(path.join(mailDir, file!), "utf8")).toContain(code);
      expect(logText()).not.toContain(code);
      expect(logText()).not.toContain(email);
      expect(logText()).not.toContain("long enough pw");
    } finally {
      await local.close();
      fs.rmSync(mailDir, { recursive: true, force: true });
    }
  });

  it("with SMTP_URL: the code goes to the SMTP server only, the log line has no subject", async () => {
    const received: string[] = [];
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      onData(stream, _session, callback) {
        const chunks: Buffer[] = [];
        stream.on("data", (chunk: Buffer) => chunks.push(chunk));
        stream.on("end", () => {
          received.push(Buffer.concat(chunks).toString("utf8"));
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
    const port = (smtp.server.address() as AddressInfo).port;
    const smtpApp = await createTestApp({ LOG_LEVEL: "trace", SMTP_URL: `smtp://127.0.0.1:${port}` });
    try {
      const email = uniqueEmail("logs-smtp");
      expect((await smtpApp.post("/forgot-password", { email })).statusCode).toBe(200);
      const owner = await smtpApp.createUser();
      expect((await smtpApp.post("/forgot-password", { email: owner.email })).statusCode).toBe(200);
      await smtpApp.app.settle();
      expect(received).toHaveLength(1);
      const code = received[0]!.match(/^Subject: (\d{6}) is your/m)?.[1];
      expect(code).toMatch(/^\d{6}$/);
      const line = logEntries().find((entry) => entry.msg === "mail sent");
      expect(line).toMatchObject({ kind: "otp-forgot-password", to: `${owner.email[0]}…@example.com` });
      expect(line).not.toHaveProperty("subject");
      expect(logText()).not.toContain(code!);
    } finally {
      await smtpApp.close();
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });
});

describe("with the database down", () => {
  let down: TestApp;
  let token: string;
  beforeAll(async () => {
    down = await createTestApp({ LOG_LEVEL: "trace" });
    const user = await down.createUser();
    token = await down.tokenFor(user.id);
    await down.database.close();
  });
  afterAll(() => down.close());

  it("health answers 503 and logs the cause", async () => {
    const res = await down.get("/health");
    expectError(res, 503, "Database unavailable.");
    expect(logEntries().some((entry) => entry.msg === "health check: database unreachable" && entry.level === 50)).toBe(
      true,
    );
  });

  it("a user call answers the 500 envelope, and its error log holds no token or password", async () => {
    const res = await down.post(
      "/password-update",
      { current_password: "down-secret-1", password: "down-secret-2", password_confirmation: "down-secret-2" },
      { token },
    );
    expectError(res, 500, "Something went wrong on our side. Please try again.");
    expect(res.text).not.toMatch(/select|PGlite|pool|stack/i);
    const errors = logEntries().filter((entry) => entry.msg === "unhandled error");
    expect(errors).toHaveLength(1);
    const text = logText();
    for (const secret of [token, "down-secret-1", "down-secret-2"]) expect(text).not.toContain(secret);
  });
});
