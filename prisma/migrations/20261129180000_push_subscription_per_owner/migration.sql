-- One browser may be turned on for several people or events (a player who is also a judge, one
-- phone at two events): a subscription row per endpoint and owner, no longer per endpoint.
ALTER TABLE "PushSubscription" ADD COLUMN "ownerKey" TEXT;

UPDATE "PushSubscription" SET "ownerKey" = CASE
  WHEN "staffId" IS NOT NULL THEN 'staff:' || "staffId"
  ELSE 'player:' || "registrationId" || ':' || COALESCE("seat"::TEXT, '')
END;

ALTER TABLE "PushSubscription" ALTER COLUMN "ownerKey" SET NOT NULL;

DROP INDEX "PushSubscription_endpoint_key";

CREATE UNIQUE INDEX "PushSubscription_endpoint_ownerKey_key" ON "PushSubscription"("endpoint", "ownerKey");
