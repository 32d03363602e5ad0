import "../../../app/globals.css";

export const metadata = { title: "Baseline", description: "An empty page of the same Next.js setup." };

// The root layout of the app without its pages: what Next.js and React cost on their own.
export default function RootLayout({ children }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
