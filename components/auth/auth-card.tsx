import type { ReactNode } from "react";

export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <section className="card auth-card" aria-labelledby="auth-title">
      <h1 id="auth-title">{title}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </section>
  );
}
