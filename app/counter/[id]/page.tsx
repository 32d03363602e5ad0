import type { Metadata, Viewport } from "next";
import { connection } from "next/server";
import { CounterScreen } from "@/components/counter/counter-screen";
import "./counter.css";

export const metadata: Metadata = { title: "Counter screen", robots: { index: false } };
export const viewport: Viewport = { themeColor: "#111827" };

/** Per request: the screen is the signed-in user's (or the tablet's), never prerendered. */
export const instant = false;

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
};

/**
 * A QR code's counter screen (issue 15 §1): the code full-screen with the business's logo, name
 * and reward; a rotating code changes every 30 s; each stamp through it is confirmed here.
 */
export default async function CounterPage({ params, searchParams }: Props) {
  await connection();
  const [{ id }, search] = await Promise.all([params, searchParams]);
  // A device link: the tablet claims it once, then its cookie signs it in to this screen.
  const device = typeof search.device === "string" ? search.device : undefined;
  return <CounterScreen qrId={Number(id)} deviceLink={device} />;
}
