package main

import (
	"encoding/binary"
	"sort"
	"strings"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wirebson"
)

// describeCommand names a request for the slow-command log: "db.collection command filter-shape", where the
// shape keeps field names and operators and hides every value (a filter holds children's emails, which
// never go to a log). "" when the message is not an OP_MSG command.
func describeCommand(message []byte) string {
	if len(message) < wire.MsgHeaderLen || wire.OpCode(binary.LittleEndian.Uint32(message[12:16])) != wire.OpCodeMsg {
		return ""
	}
	var msg wire.OpMsg
	if err := msg.UnmarshalBinaryNocopy(message[wire.MsgHeaderLen:]); err != nil {
		return ""
	}
	raw := msg.RawSection0()
	if raw == nil {
		return ""
	}
	body, err := raw.DecodeDeep()
	if err != nil || body.Len() == 0 {
		return ""
	}
	db, _ := body.Get("$db").(string)
	command, value := body.GetByIndex(0)
	collection, _ := value.(string)

	var filter any
	for _, name := range []string{"filter", "query", "pipeline"} {
		if f := body.Get(name); f != nil {
			filter = f
			break
		}
	}
	if filter == nil {
		// update and delete: the first statement's filter, in the body or a kind-1 section
		for _, sequence := range []string{"updates", "deletes"} {
			if arr, ok := body.Get(sequence).(*wirebson.Array); ok && arr.Len() > 0 {
				if statement, ok := arr.Get(0).(*wirebson.Document); ok {
					filter = statement.Get("q")
				}
			}
			for _, section := range msg.Sections() {
				if section.Kind == 1 && section.Identifier == sequence && len(section.Documents()) > 0 {
					if statement, err := section.Documents()[0].DecodeDeep(); err == nil {
						filter = statement.Get("q")
					}
				}
			}
		}
	}
	return db + "." + collection + " " + command + " " + shape(filter)
}

// shape renders a BSON value's structure: documents as {key: shape}, arrays as [shapes], values as "?".
func shape(value any) string {
	switch v := value.(type) {
	case *wirebson.Document:
		names := v.FieldNames()
		parts := make([]string, 0, len(names))
		for _, name := range names {
			parts = append(parts, name+": "+shape(v.Get(name)))
		}
		return "{" + strings.Join(parts, ", ") + "}"
	case *wirebson.Array:
		parts := make([]string, 0, v.Len())
		seen := map[string]bool{}
		for i := 0; i < v.Len(); i++ {
			if s := shape(v.Get(i)); !seen[s] {
				seen[s] = true
				parts = append(parts, s)
			}
		}
		sort.Strings(parts)
		return "[" + strings.Join(parts, ", ") + "]"
	case nil:
		return "-"
	default:
		return "?"
	}
}
