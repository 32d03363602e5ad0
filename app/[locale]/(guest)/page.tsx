import { getTranslations, setRequestLocale } from "next-intl/server";
import type { Metadata } from "next";
import { ContactForm, type ContactTexts } from "@/components/site/contact-form";
import { About, Hero, HowItWorks, Pricing, Reviews } from "@/components/site/home-sections";
import { OrganizationJsonLd } from "@/components/site/json-ld";
import { isLocale } from "@/contract/locales";
import { pageMetadata } from "@/lib/server/seo";
import { getHomeContent } from "@/lib/server/site-data";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  return homeMetadata((await params).locale);
}

async function homeMetadata(asked: string): Promise<Metadata> {
  "use cache";
  const locale = isLocale(asked) ? asked : "en";
  const { home } = await getHomeContent(locale);
  return pageMetadata({
    path: "/",
    locale,
    title: home?.hero_title,
    description: home?.hero_text,
    absoluteTitle: false,
  });
}

export default async function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const asked = (await params).locale;
  const locale = isLocale(asked) ? asked : "en";
  setRequestLocale(locale);
  const { home, plans, reviews } = await getHomeContent(locale);
  const t = await getTranslations("site.home");
  const contact = await getTranslations("contact");
  const keys = [
    "form",
    "name",
    "email",
    "phone",
    "phoneHint",
    "company",
    "optional",
    "message",
    "send",
    "sending",
  ] as const;
  const contactTexts = Object.fromEntries(keys.map((key) => [key, contact(key)])) as ContactTexts;
  return (
    <>
      <OrganizationJsonLd home={home} />
      <Hero home={home} />
      <About home={home} />
      <HowItWorks home={home} />
      <Pricing home={home} plans={plans} />
      <Reviews reviews={reviews} />
      <section id="contact-us" className="site-section" aria-labelledby="contact-title">
        <h2 id="contact-title" data-user-content={home ? true : undefined}>
          {home?.contact_title ?? t("contactFallback")}
        </h2>
        {home && (
          <p className="section-lead" data-user-content>
            {home.contact_text}
          </p>
        )}
        <ContactForm texts={contactTexts} />
      </section>
    </>
  );
}
