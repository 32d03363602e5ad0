CREATE TABLE "insight_balances" (
	"business_id" integer NOT NULL,
	"reward_id" integer NOT NULL,
	"part" smallint DEFAULT 0 NOT NULL,
	"balance" bigint NOT NULL,
	CONSTRAINT "insight_balances_business_id_reward_id_part_pk" PRIMARY KEY("business_id","reward_id","part")
);
--> statement-breakpoint
CREATE TABLE "insight_card_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"bucket" smallint NOT NULL,
	"part" smallint DEFAULT 0 NOT NULL,
	"cards" integer NOT NULL,
	CONSTRAINT "insight_card_days_business_id_day_bucket_part_pk" PRIMARY KEY("business_id","day","bucket","part")
);
--> statement-breakpoint
CREATE TABLE "insight_changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"row_id" integer
);
--> statement-breakpoint
CREATE TABLE "insight_redeem_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"reward_id" integer NOT NULL,
	"option_id" integer NOT NULL,
	"unit" text NOT NULL,
	"redeems" integer NOT NULL,
	"spent" bigint NOT NULL,
	CONSTRAINT "insight_redeem_days_business_id_day_reward_id_option_id_unit_pk" PRIMARY KEY("business_id","day","reward_id","option_id","unit")
);
--> statement-breakpoint
CREATE TABLE "insight_sale_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"currency" text NOT NULL,
	"bucket" smallint NOT NULL,
	"referred" boolean NOT NULL,
	"net" bigint NOT NULL,
	"squares" numeric NOT NULL,
	CONSTRAINT "insight_sale_days_business_id_day_currency_bucket_referred_pk" PRIMARY KEY("business_id","day","currency","bucket","referred")
);
--> statement-breakpoint
CREATE TABLE "insight_sale_pairs" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"earlier_day" date NOT NULL,
	"currency" text NOT NULL,
	"bucket" smallint NOT NULL,
	"products" numeric NOT NULL,
	CONSTRAINT "insight_sale_pairs_business_id_day_earlier_day_currency_bucket_pk" PRIMARY KEY("business_id","day","earlier_day","currency","bucket")
);
--> statement-breakpoint
CREATE TABLE "insight_staff_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"staff_user_id" integer NOT NULL,
	"earns" integer NOT NULL,
	"matched" integer NOT NULL,
	CONSTRAINT "insight_staff_days_business_id_day_staff_user_id_pk" PRIMARY KEY("business_id","day","staff_user_id")
);
--> statement-breakpoint
CREATE TABLE "insight_visit_days" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"bucket" smallint NOT NULL,
	"visits" integer NOT NULL,
	"redeems" integer NOT NULL,
	CONSTRAINT "insight_visit_days_business_id_day_bucket_pk" PRIMARY KEY("business_id","day","bucket")
);
--> statement-breakpoint
CREATE TABLE "insight_visit_lags" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"chain" smallint NOT NULL,
	"lag_day" date NOT NULL,
	"n" integer NOT NULL,
	"gap_seconds" bigint NOT NULL,
	CONSTRAINT "insight_visit_lags_business_id_day_chain_lag_day_pk" PRIMARY KEY("business_id","day","chain","lag_day")
);
--> statement-breakpoint
CREATE TABLE "insight_visit_pairs" (
	"business_id" integer NOT NULL,
	"day" date NOT NULL,
	"earlier_day" date NOT NULL,
	"bucket" smallint NOT NULL,
	"pairs" bigint NOT NULL,
	CONSTRAINT "insight_visit_pairs_business_id_day_earlier_day_bucket_pk" PRIMARY KEY("business_id","day","earlier_day","bucket")
);
--> statement-breakpoint
ALTER TABLE "insight_balances" ADD CONSTRAINT "insight_balances_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_card_days" ADD CONSTRAINT "insight_card_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_redeem_days" ADD CONSTRAINT "insight_redeem_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sale_days" ADD CONSTRAINT "insight_sale_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_sale_pairs" ADD CONSTRAINT "insight_sale_pairs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_staff_days" ADD CONSTRAINT "insight_staff_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visit_days" ADD CONSTRAINT "insight_visit_days_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visit_lags" ADD CONSTRAINT "insight_visit_lags_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insight_visit_pairs" ADD CONSTRAINT "insight_visit_pairs_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_changes_business_idx" ON "insight_changes" USING btree ("business_id","kind","row_id");--> statement-breakpoint
-- The period rollups (server/src/db/schema/insights.ts, modules/insights/rollups.ts): the functions
-- as server/src/db/schema/rollups.ts declares them (a test compares the two).
CREATE OR REPLACE FUNCTION insight_cards_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO insight_card_days AS d (business_id, day, bucket, part, cards)
    SELECT business_id, day, bucket, part, sum(n) FROM (SELECT n.business_id, (n.created_at AT TIME ZONE 'UTC')::date, least(('x' || substr(md5(n.serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint, (txid_current() % 8)::smallint, count(*)
    FROM new_cards n GROUP BY 1, 2, 3, 4) c (business_id, day, bucket, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, bucket, part) DO UPDATE SET cards = d.cards + excluded.cards;
    INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
    SELECT business_id, reward_id, part, sum(n) FROM (SELECT n.business_id, n.reward_id, (txid_current() % 8)::smallint, sum(n.stamps)
    FROM new_cards n WHERE n.reward_id IS NOT NULL GROUP BY 1, 2, 3) c (business_id, reward_id, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_card_days AS d (business_id, day, bucket, part, cards)
    SELECT business_id, day, bucket, part, sum(n) FROM (SELECT o.business_id, (o.created_at AT TIME ZONE 'UTC')::date, least(('x' || substr(md5(o.serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint, (txid_current() % 8)::smallint, -count(*)
    FROM old_cards o GROUP BY 1, 2, 3, 4) c (business_id, day, bucket, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, bucket, part) DO UPDATE SET cards = d.cards + excluded.cards;
    INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
    SELECT business_id, reward_id, part, sum(n) FROM (SELECT o.business_id, o.reward_id, (txid_current() % 8)::smallint, -sum(o.stamps)
    FROM old_cards o WHERE o.reward_id IS NOT NULL GROUP BY 1, 2, 3) c (business_id, reward_id, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;
  ELSE
    INSERT INTO insight_card_days AS d (business_id, day, bucket, part, cards)
    SELECT business_id, day, bucket, part, sum(n) FROM (SELECT v.business_id, v.day, v.bucket, (txid_current() % 8)::smallint, sum(v.n)
    FROM old_cards o JOIN new_cards n ON n.id = o.id,
      LATERAL (VALUES (o.business_id, (o.created_at AT TIME ZONE 'UTC')::date, least(('x' || substr(md5(o.serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint, -1),
        (n.business_id, (n.created_at AT TIME ZONE 'UTC')::date, least(('x' || substr(md5(n.serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint, 1)) v (business_id, day, bucket, n)
    WHERE (o.business_id, o.created_at, o.serial) IS DISTINCT FROM (n.business_id, n.created_at, n.serial)
    GROUP BY 1, 2, 3, 4) c (business_id, day, bucket, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3, 4 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3, 4
    ON CONFLICT (business_id, day, bucket, part) DO UPDATE SET cards = d.cards + excluded.cards;
    INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
    SELECT business_id, reward_id, part, sum(n) FROM (SELECT v.business_id, v.reward_id, (txid_current() % 8)::smallint, sum(v.n)
    FROM old_cards o JOIN new_cards n ON n.id = o.id,
      LATERAL (VALUES (o.business_id, o.reward_id, -o.stamps), (n.business_id, n.reward_id, n.stamps)) v (business_id, reward_id, n)
    WHERE (o.business_id, o.reward_id, o.stamps) IS DISTINCT FROM (n.business_id, n.reward_id, n.stamps)
      AND v.reward_id IS NOT NULL
    GROUP BY 1, 2, 3) c (business_id, reward_id, part, n)
    WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = c.business_id)
    GROUP BY 1, 2, 3 HAVING sum(n) <> 0
    ORDER BY 1, 2, 3
    ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER cards_insight_insert AFTER INSERT ON cards
  REFERENCING NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION insight_cards_count();
--> statement-breakpoint
CREATE TRIGGER cards_insight_update AFTER UPDATE ON cards
  REFERENCING OLD TABLE AS old_cards NEW TABLE AS new_cards FOR EACH STATEMENT EXECUTE FUNCTION insight_cards_count();
--> statement-breakpoint
CREATE TRIGGER cards_insight_delete AFTER DELETE ON cards
  REFERENCING OLD TABLE AS old_cards FOR EACH STATEMENT EXECUTE FUNCTION insight_cards_count();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION insight_changes_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF TG_TABLE_NAME = 'card_events' THEN
      INSERT INTO insight_changes (business_id, kind, row_id)
      SELECT business_id, 'redeem', id FROM new_rows WHERE kind = 'redeem' ORDER BY id;
    ELSE
      INSERT INTO insight_changes (business_id, kind, row_id)
      SELECT business_id, CASE TG_TABLE_NAME WHEN 'scans' THEN 'scan' ELSE 'sale' END, id FROM new_rows ORDER BY id;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO insight_changes (business_id, kind) SELECT DISTINCT business_id, 'rebuild' FROM old_rows;
  ELSIF TG_TABLE_NAME = 'scans' THEN
    INSERT INTO insight_changes (business_id, kind) SELECT DISTINCT n.business_id, 'rebuild' FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.business_id IS DISTINCT FROM n.business_id OR o.kind IS DISTINCT FROM n.kind OR o.created_at IS DISTINCT FROM n.created_at OR o.staff_user_id IS DISTINCT FROM n.staff_user_id OR (n.card_id IS NOT NULL AND o.card_id IS DISTINCT FROM n.card_id) OR (n.reward_id IS NOT NULL AND o.reward_id IS DISTINCT FROM n.reward_id);
  ELSE
    INSERT INTO insight_changes (business_id, kind) SELECT DISTINCT n.business_id, 'rebuild' FROM old_rows o JOIN new_rows n ON n.id = o.id WHERE o.business_id IS DISTINCT FROM n.business_id OR o.kind IS DISTINCT FROM n.kind OR o.amount IS DISTINCT FROM n.amount OR o.currency IS DISTINCT FROM n.currency OR o.occurred_at IS DISTINCT FROM n.occurred_at OR (n.card_id IS NOT NULL AND o.card_id IS DISTINCT FROM n.card_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER scans_insight_insert AFTER INSERT ON scans
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER sales_insight_insert AFTER INSERT ON sales
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER card_events_insight_insert AFTER INSERT ON card_events
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER scans_insight_update AFTER UPDATE ON scans
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER scans_insight_delete AFTER DELETE ON scans
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER sales_insight_update AFTER UPDATE ON sales
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
CREATE TRIGGER sales_insight_delete AFTER DELETE ON sales
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION insight_changes_note();
--> statement-breakpoint
-- The cards and balances of before this migration; every business with history is counted from it
-- by the next catch-up (its first read or the insights job).
INSERT INTO insight_card_days (business_id, day, bucket, cards)
SELECT business_id, (created_at AT TIME ZONE 'UTC')::date, least(('x' || substr(md5(serial), 1, 8))::bit(32)::bigint % 100, 20)::smallint, count(*) FROM cards GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO insight_balances (business_id, reward_id, balance)
SELECT business_id, reward_id, sum(stamps) FROM cards WHERE reward_id IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO insight_changes (business_id, kind)
SELECT id, 'rebuild' FROM businesses b
WHERE exists (select 1 from scans s where s.business_id = b.id) or exists (select 1 from sales x where x.business_id = b.id);
