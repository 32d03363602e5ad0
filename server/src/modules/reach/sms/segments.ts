import { SegmentedMessage } from "sms-segments-calculator";

export type SmsSize = {
  /** `GSM-7` when every character is in the GSM 03.38 alphabet, else `UCS-2`. */
  encoding: "GSM-7" | "UCS-2";
  /**
   * The segments the body takes: one of 160 GSM-7 characters (70 UCS-2), or, when longer, each of
   * 153 (67): the rest of a concatenated segment carries its header.
   */
  segments: number;
};

/** How an SMS body is encoded and how many segments it takes (Twilio's own segment calculator). */
export function smsSize(body: string): SmsSize {
  const message = new SegmentedMessage(body, "auto");
  return { encoding: message.encodingName === "GSM-7" ? "GSM-7" : "UCS-2", segments: message.segmentsCount };
}
