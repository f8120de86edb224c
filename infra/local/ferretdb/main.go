// Command ferretdb runs FerretDB v1 (SQLite backend) embedded through its `ferretdb` package.
// `go install` of FerretDB's own command panics without a build version file; the embeddable
// package needs none, so this tiny wrapper is what the local runner builds and starts.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"syscall"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	// Measured under the redemption bench: the default heap-profile sampling (about 5 % of CPU) and a GC
	// target of 100 % (about 17 %) were a fifth of this process's work. Nothing reads heap profiles here,
	// and the heap stays tens of MB, so a 4× GC target costs little memory.
	runtime.MemProfileRate = 0
	debug.SetGCPercent(400)

	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data", ".data/ferretdb", "directory for the SQLite databases")
	handler := flag.String("handler", "sqlite", "backend handler: sqlite or postgresql")
	postgresURL := flag.String("postgresql-url", "", "PostgreSQL URL for the postgresql handler")
	flag.Parse()

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		log.Fatal(err)
	}
	if err = os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:      ferretdb.ListenerConfig{TCP: *listen},
		Logger:        logger,
		Handler:       *handler,
		SQLiteURL:     "file:" + dir + "/",
		PostgreSQLURL: *postgresURL,
	})
	if err != nil {
		log.Fatal(err)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *handler == "sqlite" {
		go keepIDIndexes(ctx, dir, logger)
	}

	log.Printf("FerretDB (%s) listening on %s, data in %s", *handler, *listen, dir)
	if err = f.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
