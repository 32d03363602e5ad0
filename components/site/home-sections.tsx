import { useFormatter, useTranslations } from "next-intl";
import type { SubscriptionPlan } from "@/contract/plans";
import type { HomePageData, Review } from "@/contract/site";
import { APP_NAME } from "@/lib/site";

// The sections' own words are the site namespace's; what the API sends (titles, texts, plans,
// reviews) is the operator's content in the page's language (English where they wrote none),
// shown as it is (data-user-content: not from our message catalogues).

export function Hero({ home }: { home: HomePageData | null }) {
  const t = useTranslations("site");
  return (
    <section id="home" className="site-section hero" aria-labelledby="home-title">
      <h1 id="home-title" data-user-content={home ? true : undefined}>
        {home?.hero_title ?? t("home.heroFallback", { app: APP_NAME })}
      </h1>
      <p className="hero-text" data-user-content={home ? true : undefined}>
        {home?.hero_text ?? t("sectionUnavailable")}
      </p>
      <div className="home-actions">
        <a href="/register" className="btn btn-primary">
          {t("home.becomeMember")}
        </a>
        <a href="#pricing" className="btn btn-secondary">
          {t("home.seePricing")}
        </a>
      </div>
    </section>
  );
}

export function About({ home }: { home: HomePageData | null }) {
  const t = useTranslations("site");
  return (
    <section id="about-us" className="site-section" aria-labelledby="about-title">
      <h2 id="about-title" data-user-content={home ? true : undefined}>
        {home?.about_title ?? t("home.aboutFallback")}
      </h2>
      <p className="section-lead" data-user-content={home ? true : undefined}>
        {home?.about_text ?? t("sectionUnavailable")}
      </p>
      {home && home.about_points.length > 0 && (
        <ul className="check-list" data-user-content>
          {home.about_points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HowItWorks({ home }: { home: HomePageData | null }) {
  const t = useTranslations("site");
  return (
    <section id="how-it-work" className="site-section" aria-labelledby="how-title">
      <h2 id="how-title" data-user-content={home ? true : undefined}>
        {home?.how_title ?? t("home.howFallback")}
      </h2>
      {home ? (
        <ol className="steps" data-user-content>
          {home.how_steps.map((step) => (
            <li key={step.title} className="step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="section-lead">{t("sectionUnavailable")}</p>
      )}
    </section>
  );
}

export function Pricing({ home, plans }: { home: HomePageData | null; plans: SubscriptionPlan[] | null }) {
  const t = useTranslations("site");
  const format = useFormatter();
  return (
    <section id="pricing" className="site-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title" data-user-content={home ? true : undefined}>
        {home?.pricing_title ?? t("home.pricingFallback")}
      </h2>
      {home && (
        <p className="section-lead" data-user-content>
          {home.pricing_text}
        </p>
      )}
      {plans && plans.length > 0 ? (
        <ul className="plans">
          {plans.map((plan) => (
            <li key={plan.id} className="plan">
              <h3 data-user-content>{plan.name}</h3>
              <p className="plan-price">
                <strong>{format.number(Number(plan.amount), { style: "currency", currency: plan.currency })}</strong>{" "}
                <span>{plan.interval === "year" ? t("home.perYear") : t("home.perMonth")}</span>
              </p>
              <ul className="check-list" data-user-content>
                {plan.features.map((feature) => (
                  <li key={feature}>{feature}</li>
                ))}
              </ul>
              <a
                href="/register"
                className="btn btn-primary btn-block"
                aria-label={t("home.getStartedWith", { plan: plan.name })}
              >
                {t("home.getStarted")}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="section-lead">{t("sectionUnavailable")}</p>
      )}
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  const t = useTranslations("site.home");
  return (
    <p className="stars" role="img" aria-label={t("rated", { rating })}>
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
    </p>
  );
}

export function Reviews({ reviews }: { reviews: Review[] | null }) {
  const t = useTranslations("site.home");
  if (!reviews || reviews.length === 0) return null;
  return (
    <section className="site-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">{t("reviewsTitle")}</h2>
      <ul className="reviews" data-user-content>
        {reviews.map((review) => (
          <li key={review.id}>
            <figure className="review">
              <Stars rating={review.rating} />
              <blockquote>
                <p>{review.text}</p>
              </blockquote>
              <figcaption>
                <strong>{review.name}</strong>
                {review.business && <span className="muted">, {review.business}</span>}
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
