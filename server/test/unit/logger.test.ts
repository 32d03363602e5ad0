import Fastify from "fastify";
import { loadConfig } from "../../src/config";
import { loggerOptions, redactPaths, redactUrl } from "../../src/logger";

describe("redactUrl", () => {
  it.each([
    ["/api/staff-invite?token=abc123", "/api/staff-invite?token=[Redacted]"],
    ["/add-to-wallet?qr_token=q-1&x=1", "/add-to-wallet?qr_token=[Redacted]&x=1"],
    [
      "/x?a=1&reset_token=r&b=2&auth_token=t&secret=s",
      "/x?a=1&reset_token=[Redacted]&b=2&auth_token=[Redacted]&secret=[Redacted]",
    ],
    ["/x?TOKEN=upper&Secret=Mixed", "/x?TOKEN=[Redacted]&Secret=[Redacted]"],
    ["/x?token=", "/x?token=[Redacted]"],
    ["/x?token=a&token=b", "/x?token=[Redacted]&token=[Redacted]"],
  ])("cuts secret query values: %s", (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it.each(["/api/login", "/x?page=2&slug=test", "/x?mytoken=keep&tokens=keep", "/token=in-the-path"])(
    "leaves other URLs alone: %s",
    (url) => {
      expect(redactUrl(url)).toBe(url);
    },
  );
});

describe("loggerOptions", () => {
  /** A Fastify logger with the app's options, writing into an array. */
  function capture(level = "info") {
    const lines: string[] = [];
    const config = loadConfig({ LOG_LEVEL: level } as NodeJS.ProcessEnv);
    const app = Fastify({
      logger: { ...(loggerOptions(config) as object), stream: { write: (line: string) => lines.push(line) } },
    });
    return { log: app.log, lines, entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>) };
  }

  it("uses the configured level", () => {
    const { log, lines } = capture("warn");
    log.info("hidden");
    log.warn("shown");
    expect(lines).toHaveLength(1);
    expect(capture("silent").log.level).toBe("silent");
  });

  it("blanks every secret field one level down", () => {
    const { log, lines, entries } = capture();
    const body = {
      email: "owner@example.com",
      password: "pw-1",
      password_confirmation: "pw-2",
      current_password: "pw-3",
      auth_token: "tok-1",
      reset_token: "tok-2",
      token: "tok-3",
      otp: "123456",
      secret: "sec-1",
    };
    log.info({ body }, "incoming");
    const [entry] = entries();
    expect(entry!.body).toEqual({
      email: "owner@example.com",
      password: "[Redacted]",
      password_confirmation: "[Redacted]",
      current_password: "[Redacted]",
      auth_token: "[Redacted]",
      reset_token: "[Redacted]",
      token: "[Redacted]",
      otp: "[Redacted]",
      secret: "[Redacted]",
    });
    for (const value of ["pw-1", "pw-2", "pw-3", "tok-1", "tok-2", "tok-3", "123456", "sec-1"]) {
      expect(lines.join("")).not.toContain(value);
    }
  });

  it("logs a request as method, redacted URL and address only (no headers)", () => {
    const { log, lines, entries } = capture();
    log.info({
      req: {
        method: "GET",
        url: "/api/staff-invite?token=invite-secret",
        ip: "10.0.0.1",
        headers: { authorization: "Bearer bearer-secret", cookie: "sid=cookie-secret" },
      },
    });
    expect(entries()[0]!.req).toEqual({ method: "GET", url: "/api/staff-invite?token=[Redacted]", ip: "10.0.0.1" });
    for (const value of ["invite-secret", "bearer-secret", "cookie-secret"])
      expect(lines.join("")).not.toContain(value);
  });

  it("keeps response cookies out", () => {
    const { log, lines } = capture();
    log.info({ res: { statusCode: 200, headers: { "set-cookie": "session=cookie-secret" } } });
    expect(lines).toHaveLength(1);
    expect(lines.join("")).not.toContain("cookie-secret");
  });

  it("covers the secrets the API handles", () => {
    expect(redactPaths).toEqual(
      expect.arrayContaining([
        "req.headers.authorization",
        "*.password",
        "*.current_password",
        "*.auth_token",
        "*.reset_token",
      ]),
    );
  });
});
