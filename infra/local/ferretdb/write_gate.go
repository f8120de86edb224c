package main

import (
	"sort"
	"sync"
)

// writeGate holds the locks write commands take, at three levels:
//   - database: shared by every write in it, exclusive for dropDatabase;
//   - collection: shared by inserts and by writes pinned to documents by `_id`, exclusive for any other
//     write (a filter FerretDB matches by reading the collection) and for create/drop/indexes/rename;
//   - document: exclusive for a write pinned to it.
//
// So two writes that may touch the same document never run at once, and writes to different documents
// do. Every command takes its locks in one global order (databases, then collections, then documents,
// each level sorted), so no two commands can deadlock. Entries exist only while someone uses them.
type writeGate struct {
	mu  sync.Mutex
	dbs map[string]*dbLock
}

type dbLock struct {
	rw    sync.RWMutex
	users int
	colls map[string]*collLock
}

type collLock struct {
	rw    sync.RWMutex
	users int
	docs  map[string]*docLock
}

type docLock struct {
	mu    sync.Mutex
	users int
}

func newWriteGate() *writeGate {
	return &writeGate{dbs: make(map[string]*dbLock)}
}

// lockPlan is a command's targets merged and ordered.
type lockPlan struct {
	dbs   []string
	colls []namespace
	docs  []docRef
	// exclusive databases and collections; the others are held shared
	exclusive map[namespace]bool
}

type docRef struct {
	namespace
	key string
}

func planLocks(targets []target) lockPlan {
	p := lockPlan{exclusive: make(map[namespace]bool)}
	docs := make(map[namespace][]string)
	for _, t := range targets {
		p.dbs = append(p.dbs, t.db)
		if t.collection == "" {
			p.exclusive[namespace{t.db, ""}] = true
			continue
		}
		p.colls = append(p.colls, t.namespace)
		switch {
		case len(t.docs) > 0:
			docs[t.namespace] = append(docs[t.namespace], t.docs...)
		case !t.shared:
			p.exclusive[t.namespace] = true
		}
	}
	p.dbs = sortedUnique(p.dbs)

	// Inside an exclusive database or collection, finer locks would add nothing.
	var colls []namespace
	for _, ns := range p.colls {
		if !p.exclusive[namespace{ns.db, ""}] {
			colls = append(colls, ns)
		}
	}
	sort.Slice(colls, func(i, j int) bool { return less(colls[i], colls[j]) })
	p.colls = compactNamespaces(colls)
	for _, ns := range p.colls {
		if p.exclusive[ns] {
			continue
		}
		for _, key := range sortedUnique(docs[ns]) {
			p.docs = append(p.docs, docRef{ns, key})
		}
	}
	return p
}

// acquire blocks until all the targets are held and returns the function that releases them.
func (g *writeGate) acquire(targets []target) (release func()) {
	p := planLocks(targets)

	g.mu.Lock()
	dbs := make([]*dbLock, len(p.dbs))
	for i, name := range p.dbs {
		dbs[i] = g.db(name)
		dbs[i].users++
	}
	colls := make([]*collLock, len(p.colls))
	for i, ns := range p.colls {
		colls[i] = g.coll(ns)
		colls[i].users++
	}
	docs := make([]*docLock, len(p.docs))
	for i, ref := range p.docs {
		docs[i] = g.doc(ref)
		docs[i].users++
	}
	g.mu.Unlock()

	for i, db := range dbs {
		lockRW(&db.rw, p.exclusive[namespace{p.dbs[i], ""}])
	}
	for i, c := range colls {
		lockRW(&c.rw, p.exclusive[p.colls[i]])
	}
	for _, d := range docs {
		d.mu.Lock()
	}

	return func() {
		for i := len(docs) - 1; i >= 0; i-- {
			docs[i].mu.Unlock()
		}
		for i := len(colls) - 1; i >= 0; i-- {
			unlockRW(&colls[i].rw, p.exclusive[p.colls[i]])
		}
		for i := len(dbs) - 1; i >= 0; i-- {
			unlockRW(&dbs[i].rw, p.exclusive[namespace{p.dbs[i], ""}])
		}

		g.mu.Lock()
		defer g.mu.Unlock()
		for i, ref := range p.docs {
			if docs[i].users--; docs[i].users == 0 {
				delete(g.dbs[ref.db].colls[ref.collection].docs, ref.key)
			}
		}
		for i, ns := range p.colls {
			if colls[i].users--; colls[i].users == 0 {
				delete(g.dbs[ns.db].colls, ns.collection)
			}
		}
		for i, name := range p.dbs {
			if dbs[i].users--; dbs[i].users == 0 {
				delete(g.dbs, name)
			}
		}
	}
}

// db, coll and doc find or add an entry; the caller holds g.mu.
func (g *writeGate) db(name string) *dbLock {
	db := g.dbs[name]
	if db == nil {
		db = &dbLock{colls: make(map[string]*collLock)}
		g.dbs[name] = db
	}
	return db
}

func (g *writeGate) coll(ns namespace) *collLock {
	db := g.db(ns.db)
	c := db.colls[ns.collection]
	if c == nil {
		c = &collLock{docs: make(map[string]*docLock)}
		db.colls[ns.collection] = c
	}
	return c
}

func (g *writeGate) doc(ref docRef) *docLock {
	c := g.coll(ref.namespace)
	d := c.docs[ref.key]
	if d == nil {
		d = &docLock{}
		c.docs[ref.key] = d
	}
	return d
}

func lockRW(rw *sync.RWMutex, exclusive bool) {
	if exclusive {
		rw.Lock()
	} else {
		rw.RLock()
	}
}

func unlockRW(rw *sync.RWMutex, exclusive bool) {
	if exclusive {
		rw.Unlock()
	} else {
		rw.RUnlock()
	}
}

func less(a, b namespace) bool {
	if a.db != b.db {
		return a.db < b.db
	}
	return a.collection < b.collection
}

func compactNamespaces(sorted []namespace) []namespace {
	var out []namespace
	for i, ns := range sorted {
		if i == 0 || ns != sorted[i-1] {
			out = append(out, ns)
		}
	}
	return out
}

func sortedUnique(values []string) []string {
	out := append([]string(nil), values...)
	sort.Strings(out)
	n := 0
	for i, v := range out {
		if i == 0 || v != out[n-1] {
			out[n] = v
			n++
		}
	}
	return out[:n]
}
