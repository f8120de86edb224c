package main

import (
	"bufio"
	"io"
	"log/slog"
	"net"
	"path/filepath"
	"testing"
	"time"
)

// fakeBackend answers each request with a copy of it, but only when told to (one value on `answer` each).
func fakeBackend(t *testing.T) (dial func() (net.Conn, error), answer chan struct{}, received chan []byte) {
	t.Helper()
	socket := filepath.Join(t.TempDir(), "backend.sock")
	l, err := net.Listen("unix", socket)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	answer = make(chan struct{})
	received = make(chan []byte, 10)
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			go func() {
				defer conn.Close()
				r := bufio.NewReader(conn)
				for {
					msg, err := readMessage(r, nil)
					if err != nil {
						return
					}
					received <- msg
					<-answer
					if _, err = conn.Write(msg); err != nil {
						return
					}
				}
			}()
		}
	}()
	return func() (net.Conn, error) { return net.Dial("unix", socket) }, answer, received
}

// acquiredWithin reports whether the gate gives `ns` within `d` (and releases it again).
func acquiredWithin(g *writeGate, ns []target, d time.Duration) bool {
	got := make(chan func(), 1)
	go func() { got <- g.acquire(ns) }()
	select {
	case release := <-got:
		release()
		return true
	case <-time.After(d):
		go func() { (<-got)() }()
		return false
	}
}

func TestRelayHoldsTheGateForAWriteUntilFerretDBAnswersEvenWhenTheClientHangsUp(t *testing.T) {
	dial, answer, received := fakeBackend(t)
	r := &relay{backend: dial, gate: newWriteGate(), logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	clientSide, relaySide := net.Pipe()
	go r.relayConnection(relaySide)

	update := opMsg(encode(t, "update", "balances", "$db", "gems"), "", nil, false)
	go func() { _, _ = clientSide.Write(update) }()
	<-received
	_ = clientSide.Close() // the client is gone while its write runs

	balances := []target{{namespace: namespace{"gems", "balances"}}}
	if acquiredWithin(r.gate, balances, 100*time.Millisecond) {
		t.Fatal("another write on the collection got in while the write ran")
	}
	if !acquiredWithin(r.gate, []target{{namespace: namespace{"gems", "other"}}}, time.Second) {
		t.Fatal("a write on another collection waited")
	}
	answer <- struct{}{}
	if !acquiredWithin(r.gate, balances, time.Second) {
		t.Fatal("the collection stayed locked after FerretDB answered the hung-up client's write")
	}
}

func TestRelayPassesReadsThroughWithoutTheGate(t *testing.T) {
	dial, answer, received := fakeBackend(t)
	r := &relay{backend: dial, gate: newWriteGate(), logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	clientSide, relaySide := net.Pipe()
	defer clientSide.Close()
	go r.relayConnection(relaySide)

	release := r.gate.acquire([]target{{namespace: namespace{"gems", "balances"}}}) // a write in progress elsewhere
	defer release()
	find := opMsg(encode(t, "find", "balances", "$db", "gems"), "", nil, false)
	go func() { _, _ = clientSide.Write(find) }()
	select {
	case <-received:
	case <-time.After(time.Second):
		t.Fatal("a read waited behind a write")
	}
	answer <- struct{}{}
	reply, err := readMessage(bufio.NewReader(clientSide), nil)
	if err != nil || string(reply) != string(find) {
		t.Fatalf("reply %q, %v", reply, err)
	}
}
