// The app's own style sheets, as app/root-document.tsx imports them (the same CSS to serve).
import "../../../app/styles/base.css";
import "../../../app/styles/buttons.css";
import "../../../app/styles/forms.css";
import "../../../app/styles/auth.css";
import "../../../app/styles/app-shell.css";
import "../../../app/styles/home.css";
import "../../../app/styles/dashboard.css";
import "../../../app/styles/site.css";
import "../../../app/styles/loading.css";
import "../../../app/styles/translate.css";
import "../../../app/styles/payments.css";
import "../../../app/styles/integrations.css";
import "../../../app/styles/charts.css";
import "../../../app/styles/language-pickers.css";

export const metadata = { title: "Baseline", description: "An empty page of the same Next.js setup." };

// The root layout of the app without its pages: what Next.js and React cost on their own.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
