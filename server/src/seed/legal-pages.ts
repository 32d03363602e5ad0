// Seeded legal pages (/privacy-policy, /privacy-policy-1, /terms-condition). They are
// sensible defaults for the product; the operator reviews them with their own counsel and edits
// the rows. The HTML is sanitised before it is stored.

const CONTACT = `<p>Questions about this page: write to us through the contact form on our home page.</p>`;

const privacyPolicy = `
<p>This policy explains what personal data Loyalty Cards collects from business owners and their staff who use our platform, why we collect it and what rights you have.</p>
<h2>Who we are</h2>
<p>Loyalty Cards provides digital stamp cards, QR codes, rewards and coupons to businesses. For the accounts of business owners and staff we are the data controller.</p>
<h2>What we collect</h2>
<ul>
<li><strong>Account data:</strong> your name, email address, phone number and a hashed password.</li>
<li><strong>Business data:</strong> business names, logos, addresses, categories and the rewards you set up.</li>
<li><strong>Payment data:</strong> the plan you bought, amounts and payment status. Card numbers are handled by our payment provider and never reach our servers.</li>
<li><strong>Usage data:</strong> scans, stamps and redemptions at your locations, and technical logs (IP address, browser) kept for security.</li>
</ul>
<h2>Why we use it</h2>
<ul>
<li>To provide the service you signed up for (contract).</li>
<li>To bill your subscription and keep accounting records (legal obligation).</li>
<li>To keep the platform secure, for example limiting repeated login attempts (legitimate interest).</li>
<li>To answer your messages and send service emails such as verification codes.</li>
</ul>
<p>We do not sell personal data and we do not use it for advertising.</p>
<h2>Your customers' data</h2>
<p>For the cards your customers collect, you are the controller and we are your processor. From a customer's page in your dashboard you can download everything kept about them (a JSON file) to answer an access request, and delete them: their cards, history, wallet passes and notification subscriptions are erased at once and their card stops working. Scans are kept without anything that identifies the person, so your figures stay right.</p>
<h2>Who receives it</h2>
<p>Our hosting provider, our email provider and our payment provider process data on our behalf under data processing agreements. We disclose data to authorities only where the law requires it.</p>
<h2>How long we keep it</h2>
<p>Account and business data are kept while your account is open. When you delete your account we remove it from active use at once and erase it within 90 days, except invoices, which the law requires us to keep for up to ten years.</p>
<h2>Your rights</h2>
<p>You may ask for a copy of your data, its correction or erasure, restrict or object to its use, and receive it in a portable format. You may also complain to your data protection authority.</p>
<h2>Cookies</h2>
<p>We use one strictly necessary cookie that keeps you signed in. We use no advertising or tracking cookies.</p>
${CONTACT}`;

const cardHolderPrivacy = `
<p>This notice is for customers who collect stamps on a digital loyalty card issued through Loyalty Cards by a shop, café or other business.</p>
<h2>Who is responsible</h2>
<p>The business whose card you collect decides why your data is used and is the controller. Loyalty Cards runs the platform for that business as its processor.</p>
<h2>What is collected</h2>
<ul>
<li>The name and email address you give when you add a card, and, only if you choose to give them, your phone number and birthday (the business may send you a birthday message).</li>
<li>Your stamps, rewards earned and redeemed, and the time and location of each scan.</li>
<li>A cookie on your device that lets it show your card without a password.</li>
</ul>
<h2>Why</h2>
<p>Only to run the loyalty programme: to count your stamps, give you your rewards, let you recover your card by email, and, if you agree, send you messages from the business. The business sees its card holders in a list (name, email, stamps, visits) and may send a message to a group of them, for example customers who have not visited for a while or whose reward is ready.</p>
<h2>How long</h2>
<p>Your card is kept while the business runs its programme. A card that has not been used for two years is deleted. You can ask the business, or us, to delete it at any time.</p>
<h2>Your rights</h2>
<p>You may see, correct or delete your data and withdraw your consent to messages at any time. You can delete your card yourself, on the card's page ("Delete my card"): the card, its history, its wallet passes and notification subscriptions are erased at once, and only anonymous counts of past scans remain for the business's statistics. The business can also give you a copy of your data or delete it on request; or contact us and we will pass your request on.</p>
${CONTACT}`;

const terms = `
<p>These terms govern the use of the Loyalty Cards platform by business owners and their staff. By creating an account you accept them.</p>
<h2>1. The service</h2>
<p>Loyalty Cards lets businesses issue digital stamp cards, print QR codes, set rewards and coupons, invite staff and follow scans. Features depend on the plan you choose.</p>
<h2>2. Your account</h2>
<p>You must give accurate details and keep your password secret. You are responsible for what happens under your account, including the actions of staff you invite.</p>
<h2>3. Plans and payment</h2>
<ul>
<li>Plans are billed in advance for a month or a year, at the price shown when you buy.</li>
<li>Each plan includes a number of businesses and locations; extra ones cost the one-off fee shown at checkout.</li>
<li>If a payment fails or your plan ends, the dashboard is limited until you renew, but your customers' cards keep working.</li>
<li>Prices may change for the next period with at least 30 days' notice by email.</li>
</ul>
<h2>4. Acceptable use</h2>
<p>You may not use the service for unlawful offers, for spam, to collect data you are not allowed to collect, or to interfere with the platform's security.</p>
<h2>5. Your rewards</h2>
<p>You decide your rewards and you are responsible for honouring them towards your customers. We do not guarantee any result of a loyalty programme.</p>
<h2>6. Data</h2>
<p>Your business data and your customers' card data remain yours. We process them as described in our privacy policy and, for card holders, as your processor.</p>
<h2>7. Availability and liability</h2>
<p>We work to keep the service available around the clock but cannot promise it will never be interrupted. Our liability is limited to the fees you paid in the twelve months before a claim, except where the law does not allow a limit.</p>
<h2>8. Ending</h2>
<p>You may delete your account at any time from your profile. We may suspend an account that breaks these terms, after notice where possible.</p>
<h2>9. Changes</h2>
<p>We may update these terms; important changes are announced by email 30 days before they apply.</p>
${CONTACT}`;

export const LEGAL_PAGES = [
  {
    slug: "privacy-policy",
    title: "Privacy Policy",
    description: "How Loyalty Cards collects, uses and protects the personal data of business owners and staff.",
    content: privacyPolicy,
  },
  {
    slug: "privacy-policy-1",
    title: "Privacy Notice for Card Holders",
    description: "What happens to your data when you collect stamps on a digital loyalty card.",
    content: cardHolderPrivacy,
  },
  {
    slug: "terms-condition",
    title: "Terms & Conditions",
    description: "The terms for business owners and staff using the Loyalty Cards platform.",
    content: terms,
  },
];
