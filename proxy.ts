import { NextResponse, type NextRequest } from "next/server";
import { homeFor, isGuestOnly, isKnownPage, isProtected } from "@/lib/routes";
import { readSessionCookie, SESSION_COOKIE } from "@/lib/session";

/** Route guard: unknown paths go home, protected pages need a session, guests-only pages don't. */
export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname.replace(/\/+$/, "") || "/";
  const redirect = (to: string) => NextResponse.redirect(new URL(to, request.url));

  if (!isKnownPage(path)) return redirect("/");
  const session = await readSessionCookie(request.cookies.get(SESSION_COOKIE)?.value);
  if (!session.token && isProtected(path)) return redirect("/login");
  if (session.token && isGuestOnly(path)) return redirect(homeFor(session.statusPayment));
  return NextResponse.next();
}

export const config = {
  // Everything but the BFF, Next's own assets and files with an extension (public/).
  matcher: ["/((?!api/|_next/|.*\\.[a-zA-Z0-9]+$).*)"],
};
