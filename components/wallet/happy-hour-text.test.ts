import { cardTranslator, kindTranslator } from "@/lib/card-intl";
import { happyHourText } from "./happy-hour-text";

const hour = { multiplier: null, bonus: null, start_time: "16:00", end_time: "18:00" };

it("says a happy hour in the programme's own words and the card's language", () => {
  const en = cardTranslator("en");
  expect(happyHourText({ ...hour, multiplier: "2" }, en, kindTranslator("en", "kinds.points"))).toBe(
    "2× points, 16:00–18:00",
  );
  expect(happyHourText({ ...hour, bonus: 1 }, en, kindTranslator("en", "kinds.stamps"))).toBe(
    "1 extra stamp a visit, 16:00–18:00",
  );
  expect(happyHourText({ ...hour, multiplier: "1.5", bonus: 5 }, en, kindTranslator("en", "kinds.points"))).toBe(
    "1.5× points and 5 extra points a visit, 16:00–18:00",
  );
  expect(happyHourText({ ...hour, bonus: 2 }, cardTranslator("es"), kindTranslator("es", "kinds.stamps"))).toBe(
    "2 sellos extra por visita, 16:00–18:00",
  );
});
