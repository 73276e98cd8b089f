-- Every statement that writes outbox rows notifies the dispatchers at commit
-- (PostgreSQL delivers NOTIFY only when the transaction commits, and merges
-- duplicates), so no code path can forget it and a write saves a round trip.
-- The function body is an E'' string with \073 for the semicolon: tools that
-- replay migrations split scripts on that character (comments included).
CREATE FUNCTION "tasksvc_outbox_notify"() RETURNS trigger LANGUAGE plpgsql AS
  E'BEGIN PERFORM pg_notify(''tasksvc_outbox'', '''')\073 RETURN NULL\073 END';

CREATE TRIGGER "OutboxEvent_notify" AFTER INSERT ON "OutboxEvent"
  FOR EACH STATEMENT EXECUTE FUNCTION "tasksvc_outbox_notify"();
