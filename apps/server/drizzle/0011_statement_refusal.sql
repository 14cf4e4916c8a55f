-- A write made of one statement (its checks, inserts and audit row together, one round trip) refuses by raising:
-- the whole statement rolls back, and the server reads the reason (a BusinessError code) from the message.
-- SQLSTATE ES001 tells a refusal from any other failure.
CREATE FUNCTION "refuse"(reason text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
	RAISE EXCEPTION USING ERRCODE = 'ES001', MESSAGE = reason;
END
$$;
