import Link from "next/link";
import { Brand } from "@/components/ui/brand";
import { getSession } from "@/lib/session";
import { homeFor } from "@/lib/routes";
import { APP_NAME } from "@/lib/site";

const FEATURES = [
  { title: "Printable QR codes", text: "Put a code on the counter; customers scan it and their stamp card is ready." },
  {
    title: "Digital stamp cards",
    text: "No app to install and no paper to lose: the card lives in the phone's browser or wallet.",
  },
  {
    title: "Rewards and coupons",
    text: "Decide how many stamps earn a reward and watch redemptions on your dashboard.",
  },
  {
    title: "Staff at the counter",
    text: "Invite your team by link; they stamp and redeem cards with their phone camera.",
  },
];

export default async function HomePage() {
  const session = await getSession();
  return (
    <main id="main">
      <header className="auth-header row-between" style={{ maxWidth: 960, margin: "0 auto" }}>
        <Brand />
        {session.token ? (
          <Link href={homeFor(session.statusPayment)} className="btn btn-primary">
            Dashboard
          </Link>
        ) : (
          <Link href="/login" className="btn btn-secondary">
            Login Your Account
          </Link>
        )}
      </header>
      <section className="home-hero" aria-labelledby="hero-title">
        <h1 id="hero-title">Loyalty cards your customers keep coming back for</h1>
        <p>
          {APP_NAME} gives your business a digital stamp card in minutes: print a QR code, reward regulars and see who
          comes back, all from one dashboard.
        </p>
        <div className="home-actions">
          <Link href="/register" className="btn btn-primary">
            Become a member
          </Link>
          <Link href="/login" className="btn btn-secondary">
            Log in
          </Link>
        </div>
        <ul className="home-features">
          {FEATURES.map((feature) => (
            <li key={feature.title}>
              <h2 style={{ fontSize: "1.1rem" }}>{feature.title}</h2>
              <p style={{ fontSize: "1rem", margin: 0 }}>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>
    </main>
  );
}
