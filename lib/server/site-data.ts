import "server-only";
import { cacheLife, cacheTag } from "next/cache";
import type { z } from "zod";
import { calls } from "../../contract/calls";
import { subscriptionPlanList, type SubscriptionPlan } from "../../contract/plans";
import {
  DEFAULT_HOME_SLUG,
  homePageData,
  pageData,
  reviewList,
  type HomePageData,
  type PageData,
  type Review,
} from "../../contract/site";
import type { Locale } from "../../contract/locales";
import type { CallInput, CallSpec } from "../api/call";
import { callApi } from "./call-api";
import { sanitizePageHtml } from "../../contract/sanitize";

/**
 * The public pages' data from the API server, cached on the web server: a visit never waits for
 * the API, and a change in the database shows within REVALIDATE seconds (the next visit after that
 * gets the old page once while the new one renders, as with any stale-while-revalidate cache).
 */
const REVALIDATE = 30;
const LIVE = { stale: 30, revalidate: REVALIDATE, expire: 24 * 60 * 60 };
/**
 * When the API could not be reached (always during `next build`, which runs before the API server
 * starts), the page is built without its data and marked to be rebuilt at the first visit.
 * expire stays at 5 minutes, the shortest lifetime Next.js still prerenders.
 */
const RETRY = { stale: 30, revalidate: 1, expire: 5 * 60 };

export const SITE_TAG = "site";

/** A public page waits this long for its data at most, then renders without it (RETRY). */
const PAGE_DATA_TIMEOUT_MS = 5000;

type Loaded<T> = { ok: true; data: T } | { ok: false; notFound: boolean };

/** A call's data in `locale`: the API answers the operator's texts in the Accept-Language asked. */
async function load<const C extends CallSpec, S extends z.ZodType>(
  call: C,
  input: CallInput<C>,
  schema: S,
  locale: Locale,
): Promise<Loaded<z.output<S>>> {
  // During the build the API server is not running: do not wait for a connection to time out.
  if (process.env.NEXT_PHASE === "phase-production-build") return { ok: false, notFound: false };
  const { status, envelope } = await callApi(call, input, { locale, timeoutMs: PAGE_DATA_TIMEOUT_MS });
  if (status === 404) return { ok: false, notFound: true };
  const parsed = schema.safeParse(envelope?.data);
  if (status < 200 || status > 299 || !parsed.success) return { ok: false, notFound: false };
  return { ok: true, data: parsed.data };
}

function lifetime(result: Loaded<unknown>) {
  cacheTag(SITE_TAG);
  cacheLife(result.ok ? LIVE : RETRY);
}

export type HomeContent = {
  home: HomePageData | null;
  plans: SubscriptionPlan[] | null;
  reviews: Review[] | null;
  /** The copyright year, fixed with the cached page (it is rebuilt every REVALIDATE seconds). */
  year: number;
};

/** home-page-list (slug "test"), subscriptionplan-list and review-list in `locale`, fetched together. */
export async function getHomeContent(locale: Locale, slug = DEFAULT_HOME_SLUG): Promise<HomeContent> {
  "use cache";
  const [home, plans, reviews] = await Promise.all([
    load(calls.homePageList, { query: { slug } }, homePageData, locale),
    load(calls.subscriptionPlanList, {}, subscriptionPlanList, locale),
    load(calls.reviewList, {}, reviewList, locale),
  ]);
  lifetime(home.ok && plans.ok && reviews.ok ? home : { ok: false, notFound: false });
  return {
    home: home.ok ? home.data : null,
    plans: plans.ok ? plans.data : null,
    reviews: reviews.ok ? reviews.data : null,
    year: new Date().getFullYear(),
  };
}

/** A server-provided page by slug in `locale`: the page, "missing" (404 from the API) or null (unreachable). */
export async function getPage(slug: string, locale: Locale): Promise<PageData | "missing" | null> {
  "use cache";
  const result = await load(calls.pages, { query: { slug } }, pageData, locale);
  lifetime(result.ok || result.notFound ? { ok: true, data: null } : result);
  // Sanitised again here: the web app may talk to any backend that speaks the contract.
  if (result.ok) return { ...result.data, content: sanitizePageHtml(result.data.content) };
  return result.notFound ? "missing" : null;
}
