-- A new purchase's id was gen_random_uuid(): each order inserted its key on a random page of the
-- purchases primary key (151 MB at 5M purchases, far beyond shared_buffers), and the first change
-- of a page after a checkpoint puts the whole page in the WAL, which every commit of the approve
-- cycle then waits to flush (docs/performance.md, 2026-11-28). New ids are now time-ordered
-- (the layout of RFC 9562's UUID version 7: 48 bits of Unix milliseconds, then 74 random bits),
-- so new keys go to the index's last pages. Ids stay unguessable (74 random bits, from
-- gen_random_uuid) and every purchase read still checks its buyer or company; the time they
-- carry is the purchase's createdAt, which its readers see anyway.
CREATE FUNCTION uuid_time_ordered() RETURNS uuid LANGUAGE sql VOLATILE PARALLEL SAFE AS $$
    SELECT encode(set_bit(set_bit(overlay(uuid_send(gen_random_uuid())
        PLACING substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3) FROM 1 FOR 6),
        52, 1), 53, 1), 'hex')::uuid
$$;

--bun:split

ALTER TABLE purchases ALTER COLUMN id SET DEFAULT uuid_time_ordered();
