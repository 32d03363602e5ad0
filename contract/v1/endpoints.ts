import type { z } from "zod";
import type { ApiKeyScope } from "../api-keys";
import { card, cardList, cardLookupQuery, earnBody, earnResult, enrolBody, redeemBody, serialParam } from "./cards";
import { customerPage, eventPage, pageQuery } from "./lists";
import { messageBody, sentMessage } from "./messages";
import { v1Voucher, v1VoucherList, voucherCodeParam, voucherRedeemBody } from "./vouchers";

/**
 * One endpoint of the public API, version 1. The API server registers its routes
 * from this list and the OpenAPI document (/api/v1/openapi.json) is generated from it, so neither
 * can drift from the other. Paths are under /api/v1.
 */
export type Endpoint = {
  method: "GET" | "POST";
  /** `{name}` segments are path parameters, validated by `params`. */
  path: string;
  summary: string;
  scope: ApiKeyScope;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The answer's schema (2xx). */
  response: z.ZodType;
  /** A write: `Idempotency-Key` makes a retry answer what the first request answered. */
  idempotent?: true;
  /** The 2xx status of a success (201 for a creation). */
  status: 200 | 201;
};

export const endpoints = {
  enrol: {
    method: "POST",
    path: "/cards",
    summary: "Enrol a customer: answers their card (200 with the existing card when the email has one here).",
    scope: "cards:write",
    body: enrolBody,
    response: card,
    idempotent: true,
    status: 201,
  },
  lookupCards: {
    method: "GET",
    path: "/cards",
    summary: "The customer's cards, found by email or phone.",
    scope: "cards:read",
    query: cardLookupQuery,
    response: cardList,
    status: 200,
  },
  getCard: {
    method: "GET",
    path: "/cards/{serial}",
    summary: "A card and its balance.",
    scope: "cards:read",
    params: serialParam,
    response: card,
    status: 200,
  },
  earn: {
    method: "POST",
    path: "/cards/{serial}/earn",
    summary: "Earn for an order: its amount (points, cashback) or stamps. One order earns once per business.",
    scope: "cards:write",
    params: serialParam,
    body: earnBody,
    response: earnResult,
    idempotent: true,
    status: 200,
  },
  redeem: {
    method: "POST",
    path: "/cards/{serial}/redeem",
    summary: "Redeem: a points option, cashback money off, or {} for a stamp reward that is ready.",
    scope: "cards:write",
    params: serialParam,
    body: redeemBody,
    response: card,
    idempotent: true,
    status: 200,
  },
  cardVouchers: {
    method: "GET",
    path: "/cards/{serial}/vouchers",
    summary: "The card's unused vouchers, soonest to expire first.",
    scope: "cards:read",
    params: serialParam,
    response: v1VoucherList,
    status: 200,
  },
  redeemVoucher: {
    method: "POST",
    path: "/vouchers/{code}/redeem",
    summary: "Redeem a voucher once; a used or expired one is refused (voucher_used, voucher_expired).",
    scope: "cards:write",
    params: voucherCodeParam,
    body: voucherRedeemBody,
    response: v1Voucher,
    idempotent: true,
    status: 200,
  },
  customers: {
    method: "GET",
    path: "/customers",
    summary: "The owner's customers, oldest first, a page at a time.",
    scope: "customers:read",
    query: pageQuery,
    response: customerPage,
    status: 200,
  },
  events: {
    method: "GET",
    path: "/events",
    summary: "The card events (history) of the owner's cards, oldest first, a page at a time.",
    scope: "cards:read",
    query: pageQuery,
    response: eventPage,
    status: 200,
  },
  message: {
    method: "POST",
    path: "/messages",
    summary: "Send a message to all card holders of a business, or a segment, as the dashboard does.",
    scope: "messages:write",
    body: messageBody,
    response: sentMessage,
    idempotent: true,
    status: 201,
  },
} as const satisfies Record<string, Endpoint>;

export type EndpointName = keyof typeof endpoints;
