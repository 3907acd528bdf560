package main

import "net/url"

// adminDSN points at the server's "postgres" database, which exists before ours is created.
func adminDSN(dsn string) string {
	u, err := url.Parse(dsn)
	if err != nil {
		return dsn
	}
	u.Path = "/postgres"
	return u.String()
}
