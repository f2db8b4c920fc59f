-- Returns in (domains/channels/returns-in.ts): which return ticket each channel return became, one per account and
-- the channel's return id, so a return pulled again (a later version, an overlapping window) never raises a
-- second ticket; its status is the channel's last word (requested, cancelled, completed).
CREATE TABLE channel_returns (
  account_id uuid NOT NULL REFERENCES channel_accounts (id) ON DELETE CASCADE,
  external_return_id text NOT NULL CHECK (char_length(external_return_id) BETWEEN 1 AND 100),
  external_order_id text NOT NULL CHECK (char_length(external_order_id) BETWEEN 1 AND 100),
  return_ticket_id uuid NOT NULL REFERENCES return_tickets (id),
  status text NOT NULL CHECK (status IN ('REQUESTED', 'CANCELLED', 'COMPLETED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (account_id, external_return_id)
);
CREATE INDEX channel_returns_ticket ON channel_returns (return_ticket_id);

-- One shipped invoice makes two messages for an Amazon account (STATUS_SHIPPED and UPLOAD_INVOICE): at most one per
-- event, account and operation.
DROP INDEX channel_messages_event_key;
CREATE UNIQUE INDEX channel_messages_event_key ON channel_messages (source_event_id, account_id, operation)
  WHERE source_event_id IS NOT NULL;
CREATE INDEX channel_messages_return_ticket ON channel_messages (return_ticket_id) WHERE return_ticket_id IS NOT NULL;
