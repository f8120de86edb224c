package main

import (
	"encoding/binary"
	"encoding/hex"
	"strings"

	"github.com/FerretDB/wire"
	"github.com/FerretDB/wire/wirebson"
)

// namespace is a collection; collection "" stands for the whole database.
type namespace struct {
	db, collection string
}

// target is what one write command changes, and so what the gate must hold while it runs.
type target struct {
	namespace
	// docs: the command only changes these documents (keys of their `_id`), so it holds the collection
	// shared and these documents exclusively. Nil with shared: inserts (new documents, whose unique `_id`
	// SQLite enforces). Nil without shared: the whole collection exclusively.
	docs   []string
	shared bool
}

// Commands whose statements each name the one document they may change when their filter pins `_id`:
// FerretDB's read-then-write of such a statement reads and writes that document only.
var statementSequences = map[string]string{"update": "updates", "delete": "deletes"}

// Commands that change a collection's shape (so they never interleave with a write's read and write).
var collectionCommands = map[string]bool{"create": true, "createIndexes": true, "drop": true, "dropIndexes": true, "collMod": true}

// writeTargets says what a request message changes; nil for anything that is not a write (reads,
// getMore, killCursors, endSessions, handshakes, legacy OP_QUERY) or that FerretDB rejects anyway (a
// malformed message or a command without a collection name).
func writeTargets(message []byte) []target {
	if len(message) < wire.MsgHeaderLen || wire.OpCode(binary.LittleEndian.Uint32(message[12:16])) != wire.OpCodeMsg {
		return nil
	}
	var msg wire.OpMsg
	if err := msg.UnmarshalBinaryNocopy(message[wire.MsgHeaderLen:]); err != nil {
		return nil
	}
	raw := msg.RawSection0()
	if raw == nil {
		return nil
	}
	body, err := raw.Decode()
	if err != nil || body.Len() == 0 {
		return nil
	}

	db, _ := body.Get("$db").(string)
	command, value := body.GetByIndex(0)
	collection, _ := value.(string)
	ns := namespace{db, collection}
	named := db != "" && collection != ""

	switch {
	case command == "insert" && named:
		return []target{{namespace: ns, shared: true}}
	case statementSequences[command] != "" && named:
		return []target{{namespace: ns, docs: statementDocs(&msg, body, statementSequences[command])}}
	case (command == "findAndModify" || command == "findandmodify") && named:
		var docs []string
		if key, ok := pinnedID(body.Get("query")); ok {
			docs = []string{key}
		}
		return []target{{namespace: ns, docs: docs}}
	case collectionCommands[command] && named:
		return []target{{namespace: ns}}
	case command == "dropDatabase" && db != "":
		return []target{{namespace: namespace{db, ""}}}
	case command == "renameCollection":
		to, _ := body.Get("to").(string)
		var targets []target
		for _, full := range []string{collection, to} {
			if ns, ok := splitNamespace(full); ok {
				targets = append(targets, target{namespace: ns})
			}
		}
		return targets
	}
	return nil
}

// statementDocs: the documents an update's or delete's statements change when every statement's filter
// pins `_id`; nil (the whole collection) otherwise. Statements come in a kind-1 section or a body array.
func statementDocs(msg *wire.OpMsg, body *wirebson.Document, sequence string) []string {
	var statements []wirebson.RawDocument
	for _, section := range msg.Sections() {
		if section.Kind == 1 && section.Identifier == sequence {
			statements = append(statements, section.Documents()...)
		}
	}
	if arr, ok := body.Get(sequence).(wirebson.RawArray); ok {
		decoded, err := arr.Decode()
		if err != nil {
			return nil
		}
		for i := 0; i < decoded.Len(); i++ {
			statement, ok := decoded.Get(i).(wirebson.RawDocument)
			if !ok {
				return nil
			}
			statements = append(statements, statement)
		}
	}
	if len(statements) == 0 {
		return nil
	}

	docs := make([]string, 0, len(statements))
	for _, raw := range statements {
		statement, err := raw.Decode()
		if err != nil {
			return nil
		}
		key, ok := pinnedID(statement.Get("q"))
		if !ok {
			return nil
		}
		docs = append(docs, key)
	}
	return docs
}

// pinnedID: the key of the one document a filter can match, when it requires `_id` to equal a string or an
// ObjectId (its other conditions only narrow that further). Other `_id` types (numbers: 1 and 1.0 are
// equal; documents; operators such as $in) are left to the whole-collection lock.
func pinnedID(filter any) (string, bool) {
	raw, ok := filter.(wirebson.RawDocument)
	if !ok {
		return "", false
	}
	doc, err := raw.Decode()
	if err != nil {
		return "", false
	}
	ids := 0
	for _, name := range doc.FieldNames() {
		if name == "_id" {
			ids++
		}
	}
	if ids != 1 { // a filter repeating `_id` is left to the whole-collection lock
		return "", false
	}
	switch id := doc.Get("_id").(type) {
	case string:
		return "s" + id, true
	case wirebson.ObjectID:
		return "o" + hex.EncodeToString(id[:]), true
	}
	return "", false
}

// splitNamespace splits "db.collection" (the collection may contain dots).
func splitNamespace(full string) (namespace, bool) {
	db, collection, ok := strings.Cut(full, ".")
	return namespace{db, collection}, ok && db != "" && collection != ""
}
