package main

import (
	"database/sql"
	"time"

	"github.com/uptrace/bun/driver/pgdriver"
)

type sqlDB = sql.DB

func openStd(dsn string) *sql.DB {
	return sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn), pgdriver.WithReadTimeout(5*time.Minute)))
}
