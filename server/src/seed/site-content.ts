// The public site's seeded copy: the home page (slug "test"), the reviews. Operators edit the rows
// afterwards; the seed never overwrites them.

export const HOME_PAGE = {
  slug: "test",
  logo: "/icon.svg",
  facebook: "https://www.facebook.com/loyaltycards",
  twitter: "https://twitter.com/loyaltycards",
  instagram: "https://www.instagram.com/loyaltycards",
  heroTitle: "Loyalty cards your customers keep coming back for",
  heroText:
    "Give every regular a digital stamp card in seconds. Put a QR code on your counter, reward repeat visits and see who comes back, all from one dashboard. No app to install and no paper cards to lose.",
  aboutTitle: "About us",
  aboutText:
    "We build loyalty tools for independent cafés, bakeries, salons, barbers and shops. Big chains have had loyalty apps for years; our goal is to give a single shop the same pull without the cost, the hardware or the hassle. Your customers scan a code with the phone they already carry, and the card lives in their browser or wallet.",
  aboutPoints: [
    "Set up in under ten minutes, no hardware to buy",
    "Works on any phone with a camera, no app download for your customers",
    "Your customer data stays yours, stored securely and never sold",
    "Friendly support from people who have run a shop themselves",
  ],
  howTitle: "How it works",
  howSteps: [
    {
      title: "Create your business",
      text: "Register, choose a plan and add your business with its logo and locations.",
    },
    {
      title: "Design your reward",
      text: "Decide how many stamps earn a reward, for example ten coffees for the eleventh free.",
    },
    {
      title: "Print your QR code",
      text: "Download the code for each location and put it by the till, on tables or on receipts.",
    },
    {
      title: "Customers collect stamps",
      text: "A scan adds the card to their phone and a stamp per visit; your staff redeem rewards with one tap.",
    },
  ],
  pricingTitle: "Simple pricing",
  pricingText:
    "One flat price per month or year, no per-customer fees and no setup costs. Extra businesses or locations beyond your plan cost a one-off fee of $5.",
  contactTitle: "Contact us",
  contactText:
    "Questions about the product, a demo for your team or help getting started? Send us a message and we will answer within one business day.",
};

export const REVIEWS = [
  {
    name: "Maria Lopez",
    business: "Owner, Harbour Coffee",
    rating: 5,
    text: "We swapped our paper cards in an afternoon. Regulars love that the card is on their phone, and I finally know how many of them come back every week.",
    sortOrder: 1,
  },
  {
    name: "Daniel Okafor",
    business: "Barber, Fade Street",
    rating: 5,
    text: "The QR code sits by the mirror and clients stamp their own card while they pay. Setting up the free-cut reward took five minutes.",
    sortOrder: 2,
  },
  {
    name: "Sophie Martin",
    business: "Manager, Petit Four Bakery",
    rating: 4,
    text: "Our staff use the scanner on their phones, so there was nothing to install at the till. The monthly report shows exactly which rewards work.",
    sortOrder: 3,
  },
];
