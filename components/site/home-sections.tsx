import type { SubscriptionPlan } from "@/lib/contract/plans";
import type { HomePageData, Review } from "@/lib/contract/site";
import { APP_NAME } from "@/lib/site";

const UNAVAILABLE = "This part of the page could not be loaded just now. Please reload the page in a moment.";

export function Hero({ home }: { home: HomePageData | null }) {
  return (
    <section id="home" className="site-section hero" aria-labelledby="home-title">
      <h1 id="home-title">{home?.hero_title ?? `${APP_NAME}: digital stamp cards for your business`}</h1>
      <p className="hero-text">{home?.hero_text ?? UNAVAILABLE}</p>
      <div className="home-actions">
        <a href="/register" className="btn btn-primary">
          Become a member
        </a>
        <a href="#pricing" className="btn btn-secondary">
          See pricing
        </a>
      </div>
    </section>
  );
}

export function About({ home }: { home: HomePageData | null }) {
  return (
    <section id="about-us" className="site-section" aria-labelledby="about-title">
      <h2 id="about-title">{home?.about_title ?? "About us"}</h2>
      <p className="section-lead">{home?.about_text ?? UNAVAILABLE}</p>
      {home && home.about_points.length > 0 && (
        <ul className="check-list">
          {home.about_points.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function HowItWorks({ home }: { home: HomePageData | null }) {
  return (
    <section id="how-it-work" className="site-section" aria-labelledby="how-title">
      <h2 id="how-title">{home?.how_title ?? "How it works"}</h2>
      {home ? (
        <ol className="steps">
          {home.how_steps.map((step) => (
            <li key={step.title} className="step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="section-lead">{UNAVAILABLE}</p>
      )}
    </section>
  );
}

function price(plan: SubscriptionPlan) {
  const amount = new Intl.NumberFormat("en-US", { style: "currency", currency: plan.currency }).format(
    Number(plan.amount),
  );
  return { amount, per: plan.interval === "year" ? "per year" : "per month" };
}

export function Pricing({ home, plans }: { home: HomePageData | null; plans: SubscriptionPlan[] | null }) {
  return (
    <section id="pricing" className="site-section" aria-labelledby="pricing-title">
      <h2 id="pricing-title">{home?.pricing_title ?? "Pricing"}</h2>
      {home && <p className="section-lead">{home.pricing_text}</p>}
      {plans && plans.length > 0 ? (
        <ul className="plans">
          {plans.map((plan) => {
            const { amount, per } = price(plan);
            return (
              <li key={plan.id} className="plan">
                <h3>{plan.name}</h3>
                <p className="plan-price">
                  <strong>{amount}</strong> <span>{per}</span>
                </p>
                <ul className="check-list">
                  {plan.features.map((feature) => (
                    <li key={feature}>{feature}</li>
                  ))}
                </ul>
                <a href="/register" className="btn btn-primary btn-block" aria-label={`Get started with ${plan.name}`}>
                  Get started
                </a>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="section-lead">{UNAVAILABLE}</p>
      )}
    </section>
  );
}

function Stars({ rating }: { rating: number }) {
  return (
    <p className="stars" role="img" aria-label={`Rated ${rating} out of 5`}>
      <span aria-hidden="true">{"★".repeat(rating) + "☆".repeat(5 - rating)}</span>
    </p>
  );
}

export function Reviews({ reviews }: { reviews: Review[] | null }) {
  if (!reviews || reviews.length === 0) return null;
  return (
    <section className="site-section" aria-labelledby="reviews-title">
      <h2 id="reviews-title">What business owners say</h2>
      <ul className="reviews">
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
