-- Issue 8 (performance): admin transaction/list matches a search against lower(order_number);
-- this index serves that branch of the search (core/purchase/review.go listReview).
CREATE INDEX purchases_order_number_lower_idx ON purchases (lower(order_number));
