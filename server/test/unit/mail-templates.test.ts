import { otpMail } from "../../src/services/mail-templates";

describe("otpMail", () => {
  it("sends the registration code in the subject, the text and the HTML", () => {
    const mail = otpMail("Loyalty Cards", "owner@example.com", "register", "042917");
    expect(mail.to).toBe("owner@example.com");
    expect(mail.subject).toBe("042917 is your Loyalty Cards code");
    expect(mail.text).toContain("Confirm your email address");
    expect(mail.text).toContain("Use this code to confirm your email address for Loyalty Cards:");
    expect(mail.text).toContain("    042917\n");
    expect(mail.text).toContain("The code expires in 10 minutes.");
    expect(mail.html).toContain(">042917</p>");
    expect(mail.html).toContain("Confirm your email address");
    expect(mail.html).toMatch(/^<!doctype html>/);
  });

  it("words the forgot-password mail for a reset", () => {
    const mail = otpMail("Loyalty Cards", "owner@example.com", "forgot-password", "000001");
    expect(mail.subject).toBe("000001 is your Loyalty Cards code");
    expect(mail.text).toContain("Reset your password");
    expect(mail.text).toContain("Use this code to reset your password for Loyalty Cards:");
    expect(mail.text).not.toContain("confirm your email");
    expect(mail.html).toContain(">000001</p>");
  });

  it("escapes the app name in the HTML", () => {
    const mail = otpMail(`<script>alert("x")</script> & Co's`, "owner@example.com", "register", "123456");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co&#39;s");
    // The plain-text part is plain text: no escaping there.
    expect(mail.text).toContain(`<script>alert("x")</script> & Co's`);
  });
});
