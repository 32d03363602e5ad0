-- The cards trigger counts the update of one card (a stamp, a redeem) from its two rows, without
-- grouping; a bulk update or a card that moved is counted as before. The function as
-- server/src/db/schema/rollups.ts declares it (a test compares the two).
CREATE OR REPLACE FUNCTION insight_cards_count() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_cards bigint;
  card_moved boolean;
  card_business integer;
  card_reward integer;
  card_delta bigint;
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
    SELECT count(*),
      bool_or((o.business_id, o.created_at, o.serial) IS DISTINCT FROM (n.business_id, n.created_at, n.serial)),
      min(n.business_id) FILTER (WHERE o.business_id = n.business_id),
      min(n.reward_id) FILTER (WHERE o.reward_id = n.reward_id),
      max(n.stamps::bigint - o.stamps)
    INTO changed_cards, card_moved, card_business, card_reward, card_delta
    FROM old_cards o JOIN new_cards n ON n.id = o.id;
    IF changed_cards = 1 AND NOT card_moved AND card_business IS NOT NULL AND card_reward IS NOT NULL THEN
      IF card_delta <> 0 THEN
        INSERT INTO insight_balances AS d (business_id, reward_id, part, balance)
        SELECT card_business, card_reward, (txid_current() % 8)::smallint, card_delta
        WHERE EXISTS (SELECT 1 FROM businesses b WHERE b.id = card_business)
        ON CONFLICT (business_id, reward_id, part) DO UPDATE SET balance = d.balance + excluded.balance;
      END IF;
    ELSIF changed_cards > 0 THEN
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
  END IF;
  RETURN NULL;
END $$;
