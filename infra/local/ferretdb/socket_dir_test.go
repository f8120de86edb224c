package main

import (
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestOrphanSocketDirsAreRemovedAndLiveOrNewOnesKept(t *testing.T) {
	temp := t.TempDir()
	old := time.Now().Add(-2 * orphanAfter)
	dir := func(name string, age time.Time) string {
		t.Helper()
		d := filepath.Join(temp, socketDirPrefix+name)
		if err := os.Mkdir(d, 0o700); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(d, age, age); err != nil {
			t.Fatal(err)
		}
		return d
	}
	orphan := dir("orphan", old)
	leftSocket := dir("left-socket", old)
	if err := os.WriteFile(filepath.Join(leftSocket, socketName), nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.Chtimes(leftSocket, old, old); err != nil { // the file made it new again
		t.Fatal(err)
	}
	live := dir("live", old)
	l, err := net.Listen("unix", filepath.Join(live, socketName))
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	if err := os.Chtimes(live, old, old); err != nil {
		t.Fatal(err)
	}
	starting := dir("starting", time.Now())
	other := filepath.Join(temp, "someone-else")
	if err := os.Mkdir(other, 0o700); err != nil {
		t.Fatal(err)
	}

	made, err := newSocketDir(temp)
	if err != nil {
		t.Fatal(err)
	}

	for _, gone := range []string{orphan, leftSocket} {
		if _, err := os.Stat(gone); !os.IsNotExist(err) {
			t.Errorf("%s: want removed, got %v", filepath.Base(gone), err)
		}
	}
	for _, kept := range []string{live, starting, other, made} {
		if _, err := os.Stat(kept); err != nil {
			t.Errorf("%s: want kept, got %v", filepath.Base(kept), err)
		}
	}
}
