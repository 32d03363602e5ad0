/**
 * The queries every signed-in page starts with: the user (the top bar, the greeting) and the
 * dashboard's figures (the owner's words follow the programmes they run). The web server asks for
 * both while it renders a signed-in document (lib/server/signed-in-data.tsx), so the first HTML is
 * drawn with them; the browser's hooks read the same keys from the cache it hands over.
 */
export const signedInKeys = {
  profile: ["user-profile"],
  dashboardDetails: ["dashboard-details"],
} as const;
