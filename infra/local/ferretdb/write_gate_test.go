package main

// Unit tests of the write gate and of what it locks (`go test ./...` in this directory; the integration test
// infra/local/test/ferretdb-atomic.int.test.ts races real client processes through the built binary).

import (
	"encoding/binary"
	"reflect"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wirebson"
)

func encode(t *testing.T, pairs ...any) []byte {
	t.Helper()
	raw, err := wirebson.MustDocument(pairs...).Encode()
	if err != nil {
		t.Fatal(err)
	}
	return raw
}

// opMsg assembles an OP_MSG: an optional kind-1 section (before the body, which the protocol allows), the
// kind-0 body, and a checksum when asked.
func opMsg(body []byte, sequence string, docs [][]byte, checksum bool) []byte {
	var sections []byte
	if sequence != "" {
		var seq []byte
		seq = append(seq, sequence...)
		seq = append(seq, 0)
		for _, d := range docs {
			seq = append(seq, d...)
		}
		sections = append(sections, 1)
		sections = binary.LittleEndian.AppendUint32(sections, uint32(4+len(seq)))
		sections = append(sections, seq...)
	}
	sections = append(sections, 0)
	sections = append(sections, body...)

	var flags uint32
	if checksum {
		flags = 1
		sections = binary.LittleEndian.AppendUint32(sections, 0) // FerretDB checks it later; the gate ignores it
	}
	msg := make([]byte, 16, 20+len(sections))
	binary.LittleEndian.PutUint32(msg[12:], uint32(wire.OpCodeMsg))
	msg = binary.LittleEndian.AppendUint32(msg, flags)
	msg = append(msg, sections...)
	binary.LittleEndian.PutUint32(msg[0:], uint32(len(msg)))
	return msg
}

func TestWriteTargets(t *testing.T) {
	byID := func(id any) []byte {
		return encode(t, "q", wirebson.MustDocument("_id", id, "version", int32(3)), "u", wirebson.MustDocument("$inc", wirebson.MustDocument("n", int32(1))))
	}
	byName := encode(t, "q", wirebson.MustDocument("name", "gem"), "u", wirebson.MustDocument("$inc", wirebson.MustDocument("n", int32(-1))))
	oid := wirebson.ObjectID{0x65, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}
	gems := namespace{"gems", "balances"}
	dc := namespace{"d", "c"}
	cases := []struct {
		name    string
		message []byte
		want    []target
	}{
		{"update pinned by _id, statements in a kind-1 section before the body, checksum present",
			opMsg(encode(t, "update", "balances", "ordered", true, "$db", "gems"), "updates", [][]byte{byID("b"), byID("a"), byID(oid)}, true),
			[]target{{namespace: gems, docs: []string{"sb", "sa", "o650102030405060708090a0b"}}}},
		{"update with its statements in the body",
			opMsg(encode(t, "update", "balances", "updates", wirebson.MustArray(wirebson.MustDocument("q", wirebson.MustDocument("_id", "x"))), "$db", "gems"), "", nil, false),
			[]target{{namespace: gems, docs: []string{"sx"}}}},
		{"an update with one statement not pinned takes the collection",
			opMsg(encode(t, "update", "balances", "$db", "gems"), "updates", [][]byte{byID("a"), byName}, false),
			[]target{{namespace: gems}}},
		{"a numeric _id takes the collection (1 and 1.0 are the same id)",
			opMsg(encode(t, "update", "balances", "$db", "gems"), "updates", [][]byte{byID(int32(1))}, false),
			[]target{{namespace: gems}}},
		{"an _id operator takes the collection",
			opMsg(encode(t, "update", "balances", "$db", "gems"), "updates", [][]byte{byID(wirebson.MustDocument("$in", wirebson.MustArray("a", "b")))}, false),
			[]target{{namespace: gems}}},
		{"a filter repeating _id takes the collection",
			opMsg(encode(t, "delete", "c", "$db", "d"), "deletes", [][]byte{encode(t, "q", wirebson.MustDocument("_id", "a", "_id", "b"), "limit", int32(1))}, false),
			[]target{{namespace: dc}}},
		{"delete pinned by _id", opMsg(encode(t, "delete", "c", "$db", "d"), "deletes", [][]byte{encode(t, "q", wirebson.MustDocument("_id", "a"), "limit", int32(1))}, false),
			[]target{{namespace: dc, docs: []string{"sa"}}}},
		{"findAndModify on a non-_id filter takes the collection",
			opMsg(encode(t, "findAndModify", "items", "query", wirebson.MustDocument("name", "gem"), "$db", "shop"), "", nil, false),
			[]target{{namespace: namespace{"shop", "items"}}}},
		{"findAndModify pinned by _id", opMsg(encode(t, "findAndModify", "items", "query", wirebson.MustDocument("_id", "gem", "stock", int32(1)), "upsert", true, "$db", "shop"), "", nil, false),
			[]target{{namespace: namespace{"shop", "items"}, docs: []string{"sgem"}}}},
		{"insert shares the collection", opMsg(encode(t, "insert", "c", "$db", "d"), "documents", [][]byte{encode(t, "_id", "x")}, false),
			[]target{{namespace: dc, shared: true}}},
		{"createIndexes", opMsg(encode(t, "createIndexes", "c", "$db", "d"), "", nil, false), []target{{namespace: dc}}},
		{"drop", opMsg(encode(t, "drop", "c", "$db", "d"), "", nil, false), []target{{namespace: dc}}},
		{"dropDatabase takes the whole database", opMsg(encode(t, "dropDatabase", int32(1), "$db", "d"), "", nil, false), []target{{namespace: namespace{"d", ""}}}},
		{"renameCollection takes both names", opMsg(encode(t, "renameCollection", "d.a.b", "to", "e.c", "$db", "admin"), "", nil, false),
			[]target{{namespace: namespace{"d", "a.b"}}, {namespace: namespace{"e", "c"}}}},
		{"find is a read", opMsg(encode(t, "find", "c", "$db", "d"), "", nil, false), nil},
		{"getMore is a read", opMsg(encode(t, "getMore", int64(7), "collection", "c", "$db", "d"), "", nil, false), nil},
		{"killCursors takes nothing", opMsg(encode(t, "killCursors", "c", "$db", "d"), "", nil, false), nil},
		{"endSessions takes nothing", opMsg(encode(t, "endSessions", wirebson.MustArray(), "$db", "admin"), "", nil, false), nil},
		{"a write without a collection name is left to FerretDB", opMsg(encode(t, "update", int32(1), "$db", "d"), "", nil, false), nil},
		{"a truncated message is left to FerretDB", opMsg(encode(t, "update", "c", "$db", "d"), "", nil, false)[:30], nil},
		{"a legacy OP_QUERY handshake passes through", func() []byte {
			m := opMsg(encode(t, "isMaster", int32(1)), "", nil, false)
			binary.LittleEndian.PutUint32(m[12:], uint32(wire.OpCodeQuery))
			return m
		}(), nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := writeTargets(c.message); !reflect.DeepEqual(got, c.want) {
				t.Fatalf("got %+v, want %+v", got, c.want)
			}
		})
	}
}

// waits reports whether acquiring `second` waits while `first` is held.
func waits(g *writeGate, first, second []target) bool {
	release := g.acquire(first)
	acquired := make(chan func())
	go func() { acquired <- g.acquire(second) }()
	select {
	case r := <-acquired:
		r()
		release()
		return false
	case <-time.After(50 * time.Millisecond):
		release()
		(<-acquired)()
		return true
	}
}

func TestGateExcludesWhatItShould(t *testing.T) {
	g := newWriteGate()
	coll := func(db, c string) []target { return []target{{namespace: namespace{db, c}}} }
	docs := func(keys ...string) []target { return []target{{namespace: namespace{"d", "c"}, docs: keys}} }
	insert := []target{{namespace: namespace{"d", "c"}, shared: true}}
	cases := []struct {
		name          string
		first, second []target
		waits         bool
	}{
		{"the same collection", coll("d", "c"), coll("d", "c"), true},
		{"another collection", coll("d", "c"), coll("d", "other"), false},
		{"the same collection name in another database", coll("d", "c"), coll("e", "c"), false},
		{"dropDatabase behind a write in it", coll("d", "c"), coll("d", ""), true},
		{"a write behind dropDatabase", coll("d", ""), docs("sa"), true},
		{"the same document", docs("sa", "sb"), docs("sb"), true},
		{"another document", docs("sa"), docs("sb"), false},
		{"a whole-collection write behind a document write", docs("sa"), coll("d", "c"), true},
		{"a document write behind a whole-collection write", coll("d", "c"), docs("sa"), true},
		{"an insert beside a document write", docs("sa"), insert, false},
		{"an insert beside an insert", insert, insert, false},
		{"an insert behind createIndexes", coll("d", "c"), insert, true},
	}
	for _, c := range cases {
		if got := waits(g, c.first, c.second); got != c.waits {
			t.Errorf("%s: waits %v, want %v", c.name, got, c.waits)
		}
	}
	if len(g.dbs) != 0 {
		t.Errorf("entries left after every release: %v", g.dbs)
	}
}

func TestGateSerialisesAndNeverDeadlocks(t *testing.T) {
	g := newWriteGate()
	a, b := namespace{"d", "a"}, namespace{"d", "b"}
	orders := [][]target{
		{{namespace: a}, {namespace: b}},
		{{namespace: b}, {namespace: a}}, // the other order: renameCollection back
		{{namespace: a, docs: []string{"s2", "s1"}}},
		{{namespace: a, docs: []string{"s1", "s3"}}},
		{{namespace: namespace{"d", ""}}},
	}
	var inside atomic.Int32
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 2000; i++ {
				release := g.acquire(orders[(w+i)%len(orders)])
				// every order here holds document s1 of d.a, or d.a, or the whole of d: never two at once
				if n := inside.Add(1); n != 1 {
					t.Errorf("%d holders at once", n)
				}
				inside.Add(-1)
				release()
			}
		}()
	}
	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("deadlock")
	}
	if len(g.dbs) != 0 {
		t.Errorf("entries left after every release: %v", g.dbs)
	}
}
