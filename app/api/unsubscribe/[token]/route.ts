import { NextResponse, type NextRequest } from "next/server";
import { forward } from "@/lib/server/bff/forward";
import { webEnv } from "@/lib/server/env";

type Params = { params: Promise<{ token: string }> };

/**
 * A mail's `List-Unsubscribe` URL. POST (RFC 8058 one-click, sent by the mail client) unsubscribes
 * at once, forwarded as the contract call card-unsubscribe. GET (a click, or a mail scanner
 * following links) only leads to the preferences page, whose button unsubscribes.
 */
export async function GET(request: NextRequest, { params }: Params) {
  const { token } = await params;
  const url = new URL("/card/preferences", webEnv().PUBLIC_APP_URL ?? request.nextUrl.origin);
  url.searchParams.set("token", token);
  url.searchParams.set("unsubscribe", "1");
  return NextResponse.redirect(url, 303);
}

export async function POST(request: NextRequest, { params }: Params) {
  const { token } = await params;
  return forward(request, ["unsubscribe", token]);
}
