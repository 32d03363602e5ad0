"use client";
import dynamic from "next/dynamic";

// The card's parts that format their words in the browser (the join form, the push button): each
// brings next-intl's provider and message formatter in a chunk of its own, loaded only on a page
// that shows it. A card page shows neither to a customer who has joined (unless push is configured).
export const JoinCardWithIntl = dynamic(() => import("./with-card-intl").then((m) => m.JoinCardWithIntl));
export const PushButtonWithIntl = dynamic(() => import("./with-card-intl").then((m) => m.PushButtonWithIntl));
