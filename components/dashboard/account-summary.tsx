"use client";

import Link from "next/link";
import { useProfile } from "@/lib/queries/user";

const dateFormat = new Intl.DateTimeFormat("en", { dateStyle: "long" });

/** The signed-in owner's account at a glance (real data from user-profile). */
export function AccountSummary({ heading }: { heading: "dashboard" | "subscription" }) {
  const { data: profile, isPending, isError, refetch } = useProfile();

  if (isPending) {
    return (
      <div aria-busy="true" aria-live="polite">
        <span className="visually-hidden">Loading your account…</span>
        <div className="skeleton" style={{ height: "2rem", width: "40%", marginBottom: "1rem" }} />
        <div className="skeleton" style={{ height: "8rem" }} />
      </div>
    );
  }
  if (isError) {
    return (
      <div className="card" role="alert">
        <p>We could not load your account.</p>
        <button className="btn btn-secondary" onClick={() => refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const active = profile.status_payment === "1";
  return (
    <>
      <h1 className="page-title">{heading === "dashboard" ? `Welcome back, ${profile.name}` : "Your subscription"}</h1>
      <div className="grid-2">
        <section className="card" aria-labelledby="account-heading">
          <h2 id="account-heading">Account</h2>
          <dl className="details">
            <dt>Name</dt>
            <dd>{profile.name}</dd>
            <dt>Email</dt>
            <dd>{profile.email}</dd>
            <dt>Phone</dt>
            <dd>{profile.phone_number || "—"}</dd>
            <dt>Member since</dt>
            <dd>{dateFormat.format(new Date(profile.created_at))}</dd>
          </dl>
          <p style={{ marginBottom: 0 }}>
            <Link href="/dashboard/profile">Edit profile</Link>
          </p>
        </section>
        <section className="card" aria-labelledby="plan-heading">
          <h2 id="plan-heading">Plan</h2>
          <p>
            Status:{" "}
            <span className={`badge ${active ? "badge-success" : "badge-warning"}`}>
              {active ? "Active" : "No active plan"}
            </span>
          </p>
          <p className="muted" style={{ marginBottom: 0 }}>
            {active
              ? "Your plan is active: your QR codes and your customers' stamp cards are live."
              : "Your account is ready. Subscribe to a plan to open your dashboard and start collecting customers."}
          </p>
        </section>
      </div>
    </>
  );
}
