// Package copies holds the many-copies test: two bff-user, two bff-admin and two
// workers, built by `make build`, against one Postgres database, one Redis and one store, with
// haproxy (Debian) on loopback in front of each BFF pair. It needs the binaries and haproxy, so
// it runs only with the build tag `copies`, through `make copies` (part of `make test`):
//
//	make copies
//
// The figures it logs are in docs/copies.md.
package copies
