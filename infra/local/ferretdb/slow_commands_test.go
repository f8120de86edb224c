package main

import (
	"strings"
	"testing"

	"github.com/FerretDB/wire/wirebson"
)

func TestDescribeCommandShowsTheShapeNeverAValue(t *testing.T) {
	email := "child@example.test"
	cases := []struct {
		name    string
		message []byte
		want    string
	}{
		{"find with operators",
			opMsg(encode(t, "find", "bests", "filter", wirebson.MustDocument("lessonId", "l1", "email", wirebson.MustDocument("$in", wirebson.MustArray(email, "b@x"))), "$db", "quiz"), "", nil, false),
			"quiz.bests find {lessonId: ?, email: {$in: [?]}}"},
		{"update statements in a kind-1 section",
			opMsg(encode(t, "update", "balances", "$db", "gems"), "updates", [][]byte{encode(t, "q", wirebson.MustDocument("_id", email, "version", int32(3)), "u", wirebson.MustDocument("$inc", wirebson.MustDocument("gems", int32(1))))}, false),
			"gems.balances update {_id: ?, version: ?}"},
		{"update statements in the body",
			opMsg(encode(t, "update", "users", "updates", wirebson.MustArray(wirebson.MustDocument("q", wirebson.MustDocument("email", email))), "$db", "content"), "", nil, false),
			"content.users update {email: ?}"},
		{"findAndModify", opMsg(encode(t, "findAndModify", "users", "query", wirebson.MustDocument("email", email), "$db", "content"), "", nil, false),
			"content.users findAndModify {email: ?}"},
		{"insert has no filter", opMsg(encode(t, "insert", "c", "$db", "d"), "documents", [][]byte{encode(t, "_id", email)}, false), "d.c insert -"},
		{"a truncated message", opMsg(encode(t, "find", "c", "$db", "d"), "", nil, false)[:30], ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := describeCommand(c.message)
			if got != c.want {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			if strings.Contains(got, "child@") {
				t.Fatalf("a value reached the description: %q", got)
			}
		})
	}
}
