package main

import (
	"net"
	"os"
	"path/filepath"
	"time"
)

const (
	socketDirPrefix = "kidslearn-ferretdb-"
	socketName      = "backend.sock"
	// A directory younger than this may belong to a wrapper still starting (its FerretDB not yet listening).
	orphanAfter = time.Minute
)

// newSocketDir makes the private directory of FerretDB's Unix socket, first removing those that wrappers killed
// before their deferred removal (SIGKILL: a stopped drill, a runner's last resort) left behind in the same temporary
// directory: a directory is an orphan when it is older than a minute and nothing answers on its socket.
func newSocketDir(tempDir string) (string, error) {
	removeOrphanSocketDirs(tempDir, time.Now())
	return os.MkdirTemp(tempDir, socketDirPrefix)
}

func removeOrphanSocketDirs(tempDir string, now time.Time) {
	dirs, _ := filepath.Glob(filepath.Join(tempDir, socketDirPrefix+"*"))
	for _, dir := range dirs {
		info, err := os.Stat(dir)
		if err != nil || !info.IsDir() || now.Sub(info.ModTime()) < orphanAfter {
			continue
		}
		if conn, err := net.DialTimeout("unix", filepath.Join(dir, socketName), time.Second); err == nil {
			_ = conn.Close() // a running wrapper's
			continue
		}
		_ = os.RemoveAll(dir)
	}
}
