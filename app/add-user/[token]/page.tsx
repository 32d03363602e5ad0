import type { Metadata } from "next";
import { Providers } from "@/app/providers";
import { AcceptInvite } from "@/components/staff/accept-invite";
import { APP_NAME } from "@/lib/site";

export const metadata: Metadata = { title: "Join your team", robots: { index: false } };

/** Rendered per invite link (its token decides the page), never prerendered. */
export const instant = false;

type Props = { params: Promise<{ token: string }> };

/** The staff invite page (spec.md §2): no top navigation bar. */
export default async function AddUserPage({ params }: Props) {
  const { token } = await params;
  return (
    <Providers>
      <div className="auth-shell">
        <main className="auth-main" id="main">
          <AcceptInvite token={token} />
        </main>
        <footer className="auth-footer">
          © {new Date().getFullYear()} {APP_NAME}
        </footer>
      </div>
    </Providers>
  );
}
