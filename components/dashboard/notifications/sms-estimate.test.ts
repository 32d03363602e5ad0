import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { NextIntlClientProvider, type AbstractIntlMessages } from "next-intl";
import type { SmsEstimate } from "@/contract/sms";
import en from "@/messages/en/smsEstimate.json";
import es from "@/messages/es/smsEstimate.json";
import ar from "@/messages/ar/smsEstimate.json";
import { SmsEstimateFigures } from "./sms-estimate";

const estimate = (over: Partial<SmsEstimate> = {}): SmsEstimate => ({
  segment: "all",
  days: null,
  available: true,
  messages: 40,
  encoding: "GSM-7",
  segments_per_message: 2,
  segments: 80,
  price: "4.00",
  currency: "USD",
  allowance: 500,
  allowance_left: 120,
  ...over,
});

const render = (locale: string, messages: unknown, value: SmsEstimate) =>
  renderToStaticMarkup(
    createElement(
      NextIntlClientProvider,
      { locale, messages: { smsEstimate: messages } as AbstractIntlMessages, timeZone: "UTC" },
      createElement(SmsEstimateFigures, { estimate: value }),
    ),
  )
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, " ");

describe("the SMS estimate's figures", () => {
  it("say the SMS, their segments and encoding, the price and the allowance left", () => {
    const text = render("en", en, estimate());
    expect(text).toContain("40 SMS of 2 segments each: 80 segments in all.");
    // A split GSM-7 text carries 153 characters a segment (160 when it fits in one).
    expect(text).toContain("Plain text (GSM-7): up to 153 characters a segment.");
    expect(text).toContain("Price on your plan: $4.00.");
    expect(text).toContain("120 of 500 segments left in this month's allowance.");
    expect(text).not.toContain("Over your allowance");
    const ucs = render("en", en, estimate({ encoding: "UCS-2", segments_per_message: 1, segments: 40 }));
    expect(ucs).toContain("Special characters or emoji (UCS-2): up to 70 characters a segment.");
  });

  it("say plainly, as an alert, that a send over the allowance will not all go", () => {
    const html = renderToStaticMarkup(
      createElement(
        NextIntlClientProvider,
        { locale: "en", messages: { smsEstimate: en } as AbstractIntlMessages, timeZone: "UTC" },
        createElement(SmsEstimateFigures, { estimate: estimate({ allowance_left: 50 }) }),
      ),
    );
    expect(html).toMatch(
      /role="alert"[^>]*>Over your allowance: this SMS needs 80 segments and 50 are left this month\./,
    );
    expect(render("es", es, estimate({ allowance_left: 0 }))).toContain(
      "Superas tu asignación: este SMS necesita 80 segmentos y quedan 0 este mes.",
    );
    expect(render("ar", ar, estimate({ allowance_left: 0 }))).toContain("تجاوزت حصتك");
  });

  it("say when no card holder of the segment can get an SMS, with nothing over the allowance", () => {
    const text = render("en", en, estimate({ messages: 0, segments: 0, allowance_left: 0, price: "0.00" }));
    expect(text).toContain("No SMS: no card holder in this segment agreed to texts with a phone number.");
    expect(text).not.toContain("Over your allowance");
  });
});
