package main

import (
	"bufio"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"time"

	"github.com/FerretDB/wire"
)

// relay accepts the clients on the public address and gives each its own connection to the embedded
// FerretDB, copying messages both ways unchanged. FerretDB answers every request with exactly one
// reply, in order, one request at a time per connection (it supports neither exhaust cursors nor
// compression), so each client connection is a plain loop: read a request, send it, read the reply,
// send it back. Around a write command's round trip the relay holds the gate (write_gate.go) for what it
// changes, so FerretDB's read-then-write of that command cannot interleave with another write that may
// touch the same documents, from whichever client connection. Reads take no lock.
type relay struct {
	backend func() (net.Conn, error)
	gate    *writeGate
	logger  *slog.Logger
	// slow: a command whose round trip (the gate's wait included) takes at least this long is logged with
	// its shape (describeCommand); 0 logs nothing.
	slow time.Duration
}

// keepBufferBytes is the largest message buffer a connection keeps for its next message.
const keepBufferBytes = 1 << 20

func (r *relay) serve(ctx context.Context, public net.Listener) error {
	go func() {
		<-ctx.Done()
		_ = public.Close()
	}()
	for {
		client, err := public.Accept()
		if err != nil {
			if ctx.Err() != nil {
				return nil
			}
			if errors.Is(err, net.ErrClosed) {
				return err
			}
			// e.g. out of file descriptors: wait a little, as net/http does
			r.logger.Warn("accept failed", "err", err)
			time.Sleep(50 * time.Millisecond)
			continue
		}
		go r.relayConnection(client)
	}
}

func (r *relay) relayConnection(client net.Conn) {
	defer client.Close()
	defer func() {
		if p := recover(); p != nil {
			r.logger.Error("relay panic, connection closed", "panic", fmt.Sprint(p))
		}
	}()

	backend, err := r.backend()
	if err != nil {
		r.logger.Error("cannot reach the embedded FerretDB", "err", err)
		return
	}
	defer backend.Close()

	fromClient := bufio.NewReaderSize(client, 64<<10)
	fromBackend := bufio.NewReaderSize(backend, 64<<10)
	var request, reply []byte
	for {
		// A client that goes away between commands holds nothing.
		if request, err = readMessage(fromClient, request); err != nil {
			return
		}
		if reply, err = r.roundTrip(backend, fromBackend, request, reply); err != nil {
			return
		}
		// A client that went away meanwhile only fails here, after its command finished and released
		// the gate: FerretDB's context was never cancelled mid-write.
		if _, err = client.Write(reply); err != nil {
			return
		}
	}
}

// roundTrip sends one request to FerretDB and reads its reply, inside the gate when it is a write.
func (r *relay) roundTrip(backend net.Conn, fromBackend *bufio.Reader, request, reply []byte) ([]byte, error) {
	if r.slow > 0 {
		start := time.Now()
		var waited time.Duration
		defer func() {
			if took := time.Since(start); took >= r.slow {
				r.logger.Warn("slow command", "ms", took.Milliseconds(), "gateMs", waited.Milliseconds(), "command", describeCommand(request))
			}
		}()
		if r.gate != nil {
			if targets := writeTargets(request); targets != nil {
				release := r.gate.acquire(targets)
				defer release()
				waited = time.Since(start)
			}
		}
		if _, err := backend.Write(request); err != nil {
			return reply, err
		}
		return readMessage(fromBackend, reply)
	}
	if r.gate != nil {
		if targets := writeTargets(request); targets != nil {
			release := r.gate.acquire(targets)
			defer release()
		}
	}
	if _, err := backend.Write(request); err != nil {
		return reply, err
	}
	return readMessage(fromBackend, reply)
}

// readMessage reads one whole wire message (header included) into buf, growing it when needed.
func readMessage(r *bufio.Reader, buf []byte) ([]byte, error) {
	var length [4]byte
	if _, err := io.ReadFull(r, length[:]); err != nil {
		return buf, err
	}
	n := int(int32(binary.LittleEndian.Uint32(length[:])))
	if n < wire.MsgHeaderLen || n > wire.MaxMsgLen {
		return buf, fmt.Errorf("invalid message length %d", n)
	}
	if cap(buf) < n || cap(buf) > keepBufferBytes {
		buf = make([]byte, n, max(n, 16<<10))
	}
	buf = buf[:n]
	copy(buf, length[:])
	_, err := io.ReadFull(r, buf[4:])
	return buf, err
}
