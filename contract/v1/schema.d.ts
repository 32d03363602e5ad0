/**
 * The public API's types, generated from /api/v1/openapi.json by `npm run api:types`; do not edit.
 * A test fails when this file is older than the contract (contract/v1).
 */
export interface paths {
  "/cards": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The customer's cards, found by email or phone.
     * @description Scope: cards:read.
     */
    get: operations["lookupCards"];
    put?: never;
    /**
     * Enrol a customer: answers their card (200 with the existing card when the email has one here).
     * @description Scope: cards:write. Takes Idempotency-Key.
     */
    post: operations["enrol"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cards/{serial}": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * A card and its balance.
     * @description Scope: cards:read.
     */
    get: operations["getCard"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cards/{serial}/earn": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Earn for an order: its amount (points, cashback) or stamps. One order earns once per business.
     * @description Scope: cards:write. Takes Idempotency-Key.
     */
    post: operations["earn"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cards/{serial}/redeem": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeem: a points option, cashback money off, or {} for a stamp reward that is ready.
     * @description Scope: cards:write. Takes Idempotency-Key.
     */
    post: operations["redeem"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/cards/{serial}/vouchers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The card's unused vouchers, soonest to expire first.
     * @description Scope: cards:read.
     */
    get: operations["cardVouchers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/vouchers/{code}/redeem": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Redeem a voucher once; a used or expired one is refused (voucher_used, voucher_expired).
     * @description Scope: cards:write. Takes Idempotency-Key.
     */
    post: operations["redeemVoucher"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/customers": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The owner's customers, oldest first, a page at a time.
     * @description Scope: customers:read.
     */
    get: operations["customers"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/events": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The card events (history) of the owner's cards, oldest first, a page at a time.
     * @description Scope: cards:read.
     */
    get: operations["events"];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  "/messages": {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send a message to all card holders of a business, or a segment, as the dashboard does.
     * @description Scope: messages:write. Takes Idempotency-Key.
     */
    post: operations["message"];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Card: {
      serial: string;
      business_id: number;
      customer: {
        name: string;
        email: string;
        phone: string | null;
      };
      /** @description The programme the card collects for: one of stamps, points, cashback, multipass today. An open list: clients must accept values not listed here (new programme kinds are added without a new API version). */
      programme: "stamps" | "points" | "cashback" | "multipass" | (string & Record<never, never>);
      balance: number;
      balance_text: string;
      points_per_unit: string | null;
      reward_ready: boolean;
      level: components["schemas"]["CardLevel"] | null;
      url: string | null;
      created_at: string;
    };
    CardLevel: {
      name: string | null;
      next: string | null;
      to_next: number | string | null;
    };
    /** @description RFC 9457 problem details. */
    Problem: {
      /** @description A URI naming the kind of problem (about:blank for plain HTTP errors). */
      type: string;
      title: string;
      status: number;
      /** @description A stable code of the refusal (e.g. `not_found`, `validation`): decide by it, not by `detail`. */
      code: string;
      detail?: string;
      errors?: {
        [key: string]: string[];
      };
    };
    CardList: {
      data: components["schemas"]["Card"][];
    };
    EarnResult: {
      order_id: string;
      earned: number;
      /** @description The unit of `earned`: one of stamps, points, cashback, multipass today. An open list: clients must accept values not listed here (new programme kinds are added without a new API version). */
      unit: "stamps" | "points" | "cashback" | "multipass" | (string & Record<never, never>);
      duplicate: boolean;
      card: components["schemas"]["Card"];
    };
    CustomerPage: {
      data: components["schemas"]["Customer"][];
      next_cursor: string | null;
    };
    Customer: {
      id: number;
      name: string;
      email: string;
      phone: string | null;
      created_at: string;
    };
    CardEventPage: {
      data: components["schemas"]["CardEvent"][];
      next_cursor: string | null;
    };
    CardEvent: {
      id: number;
      serial: string;
      business_id: number;
      /** @enum {string} */
      kind: "join" | "stamp" | "redeem" | "adjust" | "flag" | "expire" | "referral";
      delta: number;
      balance_after: number;
      /** @description The unit of `delta` and `balance_after`: one of stamps, points, cashback, multipass today. An open list: clients must accept values not listed here (new programme kinds are added without a new API version). */
      unit: "stamps" | "points" | "cashback" | "multipass" | (string & Record<never, never>);
      api_key_id: number | null;
      created_at: string;
    };
    SentMessage: {
      id: number;
      business_id: number;
      title: string;
      message: string;
      segment: string;
      recipients: number | null;
      channels: ("pass" | "push" | "email" | "sms")[];
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  lookupCards: {
    parameters: {
      query?: {
        email?: string;
        phone?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardList"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:read scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  enrol: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retries answer the first answer for 24 h. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          business_id: number;
          name: string;
          /** Format: email */
          email: string;
          phone?: string;
        };
      };
    };
    responses: {
      /** @description Already there. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Card"];
        };
      };
      /** @description Done. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Card"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:write scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  getCard: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        serial: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Card"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:read scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  earn: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retries answer the first answer for 24 h. */
        "Idempotency-Key"?: string;
      };
      path: {
        serial: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          order_id: string;
          amount?: string;
          stamps?: number;
        };
      };
    };
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["EarnResult"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:write scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  redeem: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retries answer the first answer for 24 h. */
        "Idempotency-Key"?: string;
      };
      path: {
        serial: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          option_id?: number;
          amount?: string;
        };
      };
    };
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["Card"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:write scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  cardVouchers: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        serial: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            data: {
              code: string;
              title: string;
              kind: string;
              serial: string;
              expires_at: string;
              redeemed_at: string | null;
              cost: string | null;
            }[];
          };
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:read scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  redeemVoucher: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retries answer the first answer for 24 h. */
        "Idempotency-Key"?: string;
      };
      path: {
        code: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          amount?: string;
        };
      };
    };
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": {
            code: string;
            title: string;
            kind: string;
            serial: string;
            expires_at: string;
            redeemed_at: string | null;
            cost: string | null;
          };
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:write scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  customers: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CustomerPage"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the customers:read scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  events: {
    parameters: {
      query?: {
        cursor?: string;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Done. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["CardEventPage"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the cards:read scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
  message: {
    parameters: {
      query?: never;
      header?: {
        /** @description Retries answer the first answer for 24 h. */
        "Idempotency-Key"?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        "application/json": {
          business_id: number;
          title: string;
          message: string;
          /**
           * @default all
           * @enum {string}
           */
          segment?:
            | "all"
            | "inactive"
            | "reward_ready"
            | "near_reward"
            | "new"
            | "birthday_this_month"
            | "has_voucher"
            | "level"
            | "rfm:champions"
            | "rfm:loyal"
            | "rfm:promising"
            | "rfm:needs_attention"
            | "rfm:at_risk"
            | "rfm:hibernating"
            | "rfm:lost";
          days?: number;
          level?: string;
          /**
           * @description pass, push, email, sms; default pass and push.
           * @default [
           *       "pass",
           *       "push"
           *     ]
           */
          channels?: ("pass" | "push" | "email" | "sms")[];
        };
      };
    };
    responses: {
      /** @description Already there. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SentMessage"];
        };
      };
      /** @description Done. */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/json": components["schemas"]["SentMessage"];
        };
      };
      /** @description Missing, invalid or revoked API key. */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description The key lacks the messages:write scope, or the owner's plan does not include integrations. */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Not found among the key owner's data. */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Invalid input (errors per field); nothing was written. */
      422: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
      /** @description Too many requests for this key; see Retry-After. */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          "application/problem+json": components["schemas"]["Problem"];
        };
      };
    };
  };
}
