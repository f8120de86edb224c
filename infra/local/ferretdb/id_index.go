package main

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"
	"net/url"
	"path/filepath"
	"time"

	_ "modernc.org/sqlite" // the SQLite driver FerretDB itself uses
)

// FerretDB 1.24 looks documents up by id with `WHERE _ferretdb_sjson->'$._id' = ?`, but indexes the
// id as `_ferretdb_sjson->"_id"`. SQLite only uses an expression index for the identical expression,
// so every lookup by id reads and parses the whole table. This adds an index on the expression the
// queries use to every collection table; FerretDB neither lists nor needs it, and dropping the
// collection drops it with the table.
const idIndexEvery = 5 * time.Second

func keepIDIndexes(ctx context.Context, dataDir string, logger *slog.Logger) {
	ticker := time.NewTicker(idIndexEvery)
	defer ticker.Stop()
	for {
		files, _ := filepath.Glob(filepath.Join(dataDir, "*.sqlite"))
		for _, file := range files {
			if err := indexDatabase(ctx, file); err != nil {
				// A database dropped meanwhile, or busy: the next round tries again.
				logger.Debug("id index", "file", file, "err", err)
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-ticker.C:
		}
	}
}

func indexDatabase(ctx context.Context, file string) error {
	// mode=rw: never create a database FerretDB just removed.
	dsn := "file:" + (&url.URL{Path: file}).EscapedPath() + "?mode=rw&_pragma=busy_timeout(2000)"
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	db.SetMaxOpenConns(1)

	rows, err := db.QueryContext(ctx, `SELECT t.table_name FROM _ferretdb_collections t
		WHERE NOT EXISTS (SELECT 1 FROM sqlite_master m WHERE m.type = 'index' AND m.name = t.table_name || '__id_lookup')`)
	if err != nil {
		return err
	}
	var tables []string
	for rows.Next() {
		var table string
		if err = rows.Scan(&table); err != nil {
			rows.Close()
			return err
		}
		tables = append(tables, table)
	}
	rows.Close()

	for _, table := range tables {
		stmt := fmt.Sprintf(`CREATE INDEX IF NOT EXISTS %q ON %q (_ferretdb_sjson->'$._id')`, table+"__id_lookup", table)
		if _, err = db.ExecContext(ctx, stmt); err != nil {
			return err
		}
	}
	return nil
}
