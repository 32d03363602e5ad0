import Link from "next/link";
import type { ReactNode } from "react";
import {
  CollectStampsIllustration,
  PrintQrIllustration,
  SetUpIllustration,
  StaffScanIllustration,
} from "./illustrations";

function Step({ title, picture, children }: { title: string; picture: ReactNode; children: ReactNode }) {
  return (
    <section className="card guide-step" aria-label={title}>
      <div className="guide-picture">{picture}</div>
      <div>
        <h2>{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** How to Use Dashboard and Scanner: one guide for owners and their staff. */
export function HowToUse() {
  return (
    <>
      <h1 className="page-title">How to use the dashboard and the scanner</h1>
      <p className="lead muted">
        Four steps take you from an empty account to customers collecting stamps. Owners do the first two once; staff
        need only the last two.
      </p>
      <div className="guide">
        <Step title="1. Set up your business" picture={<SetUpIllustration />}>
          <ol>
            <li>
              Open <Link href="/dashboard/business">Business</Link> and choose <strong>Add business</strong>. Give its
              name, a logo (PNG, JPEG or WebP up to 2 MB) and its address. Customers see the name and logo on their
              card.
            </li>
            <li>
              Serve customers in more than one place? Add each location under{" "}
              <Link href="/dashboard/address">Address</Link>, so every scan shows where it happened.
            </li>
            <li>
              Optionally add <Link href="/dashboard/product-category">product categories</Link> such as Coffee or
              Haircuts, so a reward can count stamps for one kind of product.
            </li>
            <li>
              Invite the people at your counter under <Link href="/dashboard/my-staff">My Staff</Link>. Each gets an
              email with a link to set a password; you can also copy the link and send it yourself. Removing someone
              signs them out at once.
            </li>
          </ol>
        </Step>
        <Step title="2. Print your QR code" picture={<PrintQrIllustration />}>
          <ol>
            <li>
              Under <strong>My QR Code</strong>, create a code for a business (and, if you like, one location) and the
              reward it leads to, for example &quot;Collect 10 stamps, get a free coffee&quot;.
            </li>
            <li>
              Download it as PNG or SVG and print it at least 4 cm wide. Put it where customers wait: on the counter,
              the till or the table.
            </li>
            <li>Scan it once with your own phone to check that it opens your card.</li>
          </ol>
        </Step>
        <Step title="3. How customers collect stamps" picture={<CollectStampsIllustration />}>
          <ol>
            <li>
              The customer points their phone camera at your printed code. A page with your logo and reward opens; they
              give their name and email and get a digital stamp card with its first stamp. No app to install.
            </li>
            <li>
              On each visit they scan the code again for one more stamp. Between two stamps at the same business a short
              pause applies, so one visit earns one stamp.
            </li>
            <li>When the card is full, the card says so and shows its own QR code to present at the counter.</li>
          </ol>
        </Step>
        <Step title="4. How staff scan and redeem" picture={<StaffScanIllustration />}>
          <ol>
            <li>
              Staff sign in with the email and password they chose from their invite, on a phone or tablet at the
              counter.
            </li>
            <li>
              Under <strong>My Scans</strong>, open the scanner and point the camera at the QR code on the
              customer&apos;s card. The scan adds a stamp, or, when the card is full, redeems the reward and starts the
              card again. If the camera cannot read the code, type the code printed under it.
            </li>
            <li>
              Hand over the reward when the screen confirms it. Every scan is listed with the time and who scanned, so
              the owner sees what happened at each location.
            </li>
          </ol>
        </Step>
      </div>
    </>
  );
}
