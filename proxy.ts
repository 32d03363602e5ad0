import { NextResponse, type NextRequest } from "next/server";
import { counterDeviceCookieName } from "@/contract/counter-device-names";
import { COUNTER_PAGE, dashboardFallback, homeFor, isGuestOnly, isKnownPage, isProtected } from "@/lib/routes";
import { isHttps, readSessionCookie, sessionCookieName } from "@/lib/server/session";

/** Route guard: unknown paths go home, protected pages need a session, guests-only pages don't. */
export async function proxy(request: NextRequest) {
  const path = request.nextUrl.pathname.replace(/\/+$/, "") || "/";
  const cookieName = sessionCookieName(isHttps(request.headers, request.url));
  const session = await readSessionCookie(request.cookies.get(cookieName)?.value);
  // A cookie that does not open is no session, and is cleared on the way.
  const clearing = session === null;
  const respond = (response: NextResponse) => {
    if (clearing) response.cookies.delete(cookieName);
    return response;
  };
  const redirect = (to: string) => respond(NextResponse.redirect(new URL(to, request.url)));

  if (!isKnownPage(path)) return redirect("/");
  // A counter screen opens on a tablet through its device link (or the cookie the link left).
  const counterDevice =
    COUNTER_PAGE.test(path) &&
    (request.cookies.has(counterDeviceCookieName(isHttps(request.headers, request.url))) ||
      request.nextUrl.searchParams.has("device"));
  if (!session?.token && isProtected(path) && !counterDevice) return redirect("/login");
  if (session?.token && isGuestOnly(path)) return redirect(homeFor(session.statusPayment, session.role));
  const fallback = dashboardFallback(path);
  if (fallback) return redirect(fallback);
  return respond(NextResponse.next());
}

export const config = {
  // Everything but the BFF, Next's own assets, files with an extension (public/), and the public
  // pages in every language (`/es/terms-condition`), which the guard has nothing to say about:
  // they stay static, with no proxy run per visit. Next.js needs a literal here: it is
  // lib/public-pages.mjs's proxyMatcher(), which lib/public-pages.test.ts checks.
  matcher: [
    "/((?!$|privacy-policy$|privacy-policy-1$|terms-condition$|(?:es|fr|de|pt-BR|ar)(?:/(?:privacy-policy|privacy-policy-1|terms-condition))?$|api/|_next/|.*\\.[a-zA-Z0-9]+$).*)",
  ],
};
