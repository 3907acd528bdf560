-- Rounds sold by requests (docs/decisions/0014-allocation-by-requests.md). A round's mode is FCFS
-- (orders first come, first served) or REQUESTS: buyers ask for an amount during the request
-- window, the worker shares the round out at its close, and each buyer has payment_hours to pay.
-- draw_seed is drawn when the round is set to REQUESTS and stays secret until the allocation;
-- draw_commitment (its SHA-256) is public from the start. draw_status: NONE (FCFS), OPEN (requests
-- taken), ALLOCATED (shared out, once: the worker moves OPEN → ALLOCATED in one conditional UPDATE).
ALTER TABLE token_rounds
  ADD COLUMN mode text NOT NULL DEFAULT 'FCFS' CHECK (mode IN ('FCFS', 'REQUESTS')),
  ADD COLUMN request_starts_at timestamptz,
  ADD COLUMN request_ends_at timestamptz,
  ADD COLUMN payment_hours integer NOT NULL DEFAULT 48 CHECK (payment_hours BETWEEN 1 AND 720),
  ADD COLUMN draw_seed text,
  ADD COLUMN draw_commitment text,
  ADD COLUMN draw_status text NOT NULL DEFAULT 'NONE' CHECK (draw_status IN ('NONE', 'OPEN', 'ALLOCATED')),
  ADD COLUMN allocated_at timestamptz,
  ADD CONSTRAINT token_rounds_requests_check CHECK (mode = 'FCFS' OR (request_starts_at IS NOT NULL
    AND request_ends_at > request_starts_at AND draw_commitment IS NOT NULL));

--bun:split

CREATE INDEX token_rounds_draw_due ON token_rounds (request_ends_at) WHERE draw_status = 'OPEN';

--bun:split

-- One request per buyer and round; withdrawing deletes it.
CREATE TABLE round_requests (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  round_id    uuid NOT NULL REFERENCES token_rounds(id) ON DELETE CASCADE,
  company_id  uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id     uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  amount      numeric(18,2) NOT NULL CHECK (amount > 0),
  quantity    numeric(38,0) NOT NULL CHECK (quantity > 0),
  created_at  timestamptz NOT NULL DEFAULT now(),
  updated_at  timestamptz NOT NULL DEFAULT now(),
  UNIQUE (round_id, user_id)
);

--bun:split

-- Each pass of a round's draw: pass 1 at the window's close, then the admin's second passes over
-- the tokens lapsed allocations gave back. (round_id, pass) is unique: a pass happens once.
CREATE TABLE round_draws (
  round_id    uuid NOT NULL REFERENCES token_rounds(id) ON DELETE CASCADE,
  pass        integer NOT NULL CHECK (pass >= 1),
  available   numeric(38,0) NOT NULL,
  level       numeric(38,0) NOT NULL,
  allocated   numeric(38,0) NOT NULL,
  requests    integer NOT NULL,
  asked       numeric(38,0) NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (round_id, pass)
);

--bun:split

-- What each buyer was given by a pass: ALLOCATED (to pay by pay_by), ORDERED (the order placed
-- for it: purchase_id), LAPSED (not ordered by pay_by; its tokens went back to the round).
CREATE TABLE round_allocations (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  round_id     uuid NOT NULL REFERENCES token_rounds(id) ON DELETE CASCADE,
  company_id   uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
  user_id      uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  pass         integer NOT NULL,
  quantity     numeric(38,0) NOT NULL CHECK (quantity > 0),
  price        numeric(18,4) NOT NULL,
  amount       numeric(18,2) NOT NULL,
  pay_by       timestamptz NOT NULL,
  status       text NOT NULL CHECK (status IN ('ALLOCATED', 'ORDERED', 'LAPSED')),
  purchase_id  uuid,
  notified_at  timestamptz,
  created_at   timestamptz NOT NULL DEFAULT now(),
  updated_at   timestamptz NOT NULL DEFAULT now(),
  UNIQUE (round_id, user_id, pass),
  FOREIGN KEY (round_id, pass) REFERENCES round_draws (round_id, pass) ON DELETE CASCADE
);

--bun:split

CREATE INDEX round_allocations_due ON round_allocations (pay_by) WHERE status = 'ALLOCATED';

--bun:split

CREATE INDEX round_allocations_user ON round_allocations (user_id, status);
