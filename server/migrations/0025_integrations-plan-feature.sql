-- Issue 24: the public API, webhooks and the till are plan feature `integrations`, sold with
-- Growth and above: every existing plan that sells messages (Growth and above) gains it.
UPDATE "plans" SET "feature_keys" = array_append("feature_keys", 'integrations')
  WHERE 'messages' = ANY("feature_keys") AND NOT ('integrations' = ANY("feature_keys"));
