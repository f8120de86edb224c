// Command ferretdb runs FerretDB v1 (SQLite backend) embedded through its `ferretdb` package.
// `go install` of FerretDB's own command panics without a build version file; the embeddable
// package needs none, so this tiny wrapper is what the local runner builds and starts.
package main

import (
	"context"
	"flag"
	"log"
	"log/slog"
	"net"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"runtime/pprof"
	"strconv"
	"syscall"
	"time"

	"github.com/FerretDB/FerretDB/ferretdb"
)

func main() {
	os.Exit(serve())
}

// serve runs until SIGINT/SIGTERM and returns the exit code (returning, not exiting, writes the CPU profile).
func serve() int {
	// Measured under the redemption bench: the default heap-profile sampling (about 5 % of CPU) and a GC
	// target of 100 % (about 17 %) were a fifth of this process's work. Nothing reads heap profiles here,
	// and the heap stays tens of MB, so a 4× GC target costs little memory.
	runtime.MemProfileRate = 0
	debug.SetGCPercent(400)

	listen := flag.String("listen", "127.0.0.1:27017", "TCP address to listen on")
	dataDir := flag.String("data", ".data/ferretdb", "directory for the SQLite databases")
	handler := flag.String("handler", "sqlite", "backend handler: sqlite or postgresql")
	postgresURL := flag.String("postgresql-url", "", "PostgreSQL URL for the postgresql handler")
	writeLocks := flag.Bool("write-locks", true,
		"serialise write commands per collection (FerretDB 1.24 runs them as read-then-write); false serves FerretDB directly")
	slowMs := flag.Int("slow-ms", envInt("FERRETDB_SLOW_MS"),
		"log every command taking at least this many milliseconds, values hidden (0: none; env FERRETDB_SLOW_MS)")
	cpuProfile := flag.String("cpuprofile", os.Getenv("FERRETDB_CPUPROFILE"),
		"write a CPU profile of the whole run to this file, for `go tool pprof` (env FERRETDB_CPUPROFILE)")
	flag.Parse()

	// One thread runs Go code, unless GOMAXPROCS says otherwise or -write-locks=false (FerretDB as it is, the
	// race test's baseline). SQLite (modernc, pure Go) does a command's work in one goroutine, and with more
	// threads each hand-over between the connection, the write gate and SQLite woke another thread (futex) or
	// kept one spinning (nanosleep) for it. Measured on the 2-core machine, 600
	// redemptions through a private server, two runs each: 20 % less CPU (16.8 and 16.3 s → 13.5 and 13.0 s)
	// and the requests done 9 % sooner.
	if *writeLocks && os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}

	if *cpuProfile != "" {
		stopProfile, err := startCPUProfile(*cpuProfile)
		if err != nil {
			log.Fatal(err)
		}
		defer stopProfile()
	}

	dir, err := filepath.Abs(*dataDir)
	if err != nil {
		log.Fatal(err)
	}
	if err = os.MkdirAll(dir, 0o755); err != nil {
		log.Fatal(err)
	}

	logger := slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	if err = run(*listen, dir, *handler, *postgresURL, *writeLocks, time.Duration(*slowMs)*time.Millisecond, logger); err != nil {
		log.Print(err)
		return 1
	}
	return 0
}

// startCPUProfile profiles the process into file until the returned stop is called.
func startCPUProfile(file string) (func(), error) {
	f, err := os.Create(file)
	if err != nil {
		return nil, err
	}
	if err = pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() {
		pprof.StopCPUProfile()
		f.Close()
	}, nil
}

// sqlitePragmas for every SQLite connection, besides FerretDB's own (WAL, a busy timeout). This is the local
// database of development, tests and drills, never production's:
//   - synchronous(normal): in WAL mode a commit no longer waits for fsync (the checkpoint still syncs); a killed
//     process loses nothing (the WAL is in the OS's page cache), only a machine crash may lose the last commits;
//   - mmap_size: database pages are read through a memory map instead of one pread system call each.
const sqlitePragmas = "_pragma=synchronous(normal)&_pragma=mmap_size(268435456)"

// run serves until SIGINT/SIGTERM. With write locks, FerretDB listens on a Unix socket in a private
// temporary directory and the relay (relay.go) listens on the public address in front of it.
func run(listen, dir, handler, postgresURL string, writeLocks bool, slow time.Duration, logger *slog.Logger) error {
	listener := ferretdb.ListenerConfig{TCP: listen}
	var socket string
	if writeLocks {
		socketDir, err := newSocketDir(os.TempDir())
		if err != nil {
			return err
		}
		defer os.RemoveAll(socketDir)
		socket = filepath.Join(socketDir, socketName)
		listener = ferretdb.ListenerConfig{Unix: socket}
	}

	// New already listens (connections wait in the backlog until Run accepts them).
	f, err := ferretdb.New(&ferretdb.Config{
		Listener:      listener,
		Logger:        logger,
		Handler:       handler,
		SQLiteURL:     "file:" + dir + "/?" + sqlitePragmas,
		PostgreSQLURL: postgresURL,
	})
	if err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if handler == "sqlite" {
		go keepIDIndexes(ctx, dir, logger)
	}

	if !writeLocks {
		log.Printf("FerretDB (%s) listening on %s, data in %s, write locks off", handler, listen, dir)
		return f.Run(ctx)
	}

	public, err := net.Listen("tcp", listen)
	if err != nil {
		return err
	}
	relayed := &relay{
		backend: func() (net.Conn, error) { return net.Dial("unix", socket) },
		gate:    newWriteGate(),
		logger:  logger,
		slow:    slow,
	}
	served := make(chan error, 1)
	go func() {
		served <- relayed.serve(ctx, public)
		stop() // the public port is gone: stop FerretDB too
	}()

	log.Printf("FerretDB (%s) listening on %s (write locks: per collection and document), data in %s", handler, listen, dir)
	err = f.Run(ctx)
	stop()
	if relayErr := <-served; err == nil {
		err = relayErr
	}
	return err
}

// envInt reads a whole number from the environment; 0 when unset or not a number.
func envInt(name string) int {
	n, _ := strconv.Atoi(os.Getenv(name))
	return n
}
