package schemas

import (
	"bytes"
	"hash/maphash"
	"slices"
)

// A stream of messages repeats most of itself: every Inference your_turn
// carries the whole history of the match, every BangArena observation the
// same seats and limits. A Memo remembers, for the containers (objects and
// arrays inside a message) the fast path found valid, their exact bytes and
// the compiled schemas they satisfied. When a later message holds the same
// bytes at a place where one of those schemas applies, the container is
// neither parsed nor checked again: the fast path's verdict is a function
// of the value alone, and equal bytes are an equal value. Only verdicts of
// "valid" are remembered, and only after a byte-for-byte comparison, so a
// memo can make validation faster, never change a result: a message the
// fast path does not accept still goes to the reference validator whole.

// memoPrefix is how many leading bytes of a container key its look-up;
// memoMinBytes the size below which a container is not remembered (its
// check costs less than the look-up). A container of at least memoPrefix
// bytes ends where its own bytes say, so a match of the whole remembered
// text at a position is the same value.
const (
	memoPrefix   = 32
	memoMinBytes = 48
	// memoMaxSchemas bounds the schemas remembered per container.
	memoMaxSchemas = 4
	// memoEntryCost is what an entry costs beside its bytes (the entry and
	// its place in the map), charged to the budget.
	memoEntryCost = 96
)

// DefaultMemoBytes is the default budget of a Memo: the bytes of the
// containers it holds in its newer generation (it keeps two).
const DefaultMemoBytes = 256 << 10

// Memo remembers the valid parts of the messages of one stream, for
// ValidateWith. Its memory is bounded: at most two generations of its byte
// budget (and a small overhead per entry); when the newer one is full, the
// older is dropped. A Memo is not safe for concurrent use: use one per
// stream (a match, a connection) under that stream's lock.
type Memo struct {
	seed     maphash.Seed
	budget   int
	used     int
	cur, old map[uint64][]*memoEntry
}

// memoEntry is one remembered container: its bytes and the schemas it
// satisfied.
type memoEntry struct {
	raw []byte
	ok  [memoMaxSchemas]*fnode
}

// learnRec is a container node found valid against a schema, during one
// evaluation.
type learnRec struct {
	node int32
	n    *fnode
}

// NewMemo returns a Memo with a budget of maxBytes (<= 0: DefaultMemoBytes).
func NewMemo(maxBytes int) *Memo {
	if maxBytes <= 0 {
		maxBytes = DefaultMemoBytes
	}
	return &Memo{seed: maphash.MakeSeed(), budget: maxBytes, cur: map[uint64][]*memoEntry{}}
}

func (m *Memo) key(b []byte) uint64 { return maphash.Bytes(m.seed, b[:memoPrefix]) }

// find returns the entry whose bytes start data, or nil.
func (m *Memo) find(data []byte) *memoEntry {
	if len(data) < memoMinBytes {
		return nil
	}
	k := m.key(data)
	for _, e := range m.cur[k] {
		if bytes.HasPrefix(data, e.raw) {
			return e
		}
	}
	for i, e := range m.old[k] {
		if bytes.HasPrefix(data, e.raw) {
			// Still in use: into the newer generation.
			l := m.old[k]
			l[i] = l[len(l)-1]
			m.old[k] = l[:len(l)-1]
			m.put(k, e)
			return e
		}
	}
	return nil
}

func (m *Memo) put(k uint64, e *memoEntry) {
	if m.used+len(e.raw)+memoEntryCost > m.budget {
		m.old, m.cur, m.used = m.cur, map[uint64][]*memoEntry{}, 0
	}
	m.cur[k] = append(m.cur[k], e)
	m.used += len(e.raw) + memoEntryCost
}

// exact returns the entry holding exactly raw, or nil.
func (m *Memo) exact(k uint64, raw []byte) *memoEntry {
	for _, gen := range []map[uint64][]*memoEntry{m.cur, m.old} {
		for _, e := range gen[k] {
			if bytes.Equal(e.raw, raw) {
				return e
			}
		}
	}
	return nil
}

// learn remembers what one evaluation found valid.
func (m *Memo) learn(p *fparser) {
	for i, r := range p.learned {
		if i+1 < len(p.learned) && p.learned[i+1].node == r.node {
			// The schemas a node was checked against are recorded
			// innermost first ($ref chains): the outermost is the one a
			// parent applies, the one a later look-up asks for.
			continue
		}
		v := &p.nodes[r.node]
		if j, _ := slices.BinarySearch(p.hitAt, v.start); j < len(p.hitAt) && p.hitAt[j] < v.end {
			// It holds a remembered part: most likely a list that grows
			// (a history) or an object around one, new in every message.
			// Its new parts are remembered on their own.
			continue
		}
		raw := p.data[v.start:v.end]
		if len(raw) > m.budget/4 {
			continue // a part too big for the budget would evict all the rest
		}
		k := m.key(raw)
		e := m.exact(k, raw)
		if e == nil {
			e = &memoEntry{raw: bytes.Clone(raw)}
			m.put(k, e)
		}
		e.add(r.n)
	}
}

func (e *memoEntry) holds(n *fnode) bool {
	for _, s := range e.ok {
		if s == n {
			return true
		}
	}
	return false
}

func (e *memoEntry) add(n *fnode) {
	for i, s := range e.ok {
		if s == n {
			return
		}
		if s == nil {
			e.ok[i] = n
			return
		}
	}
	// Full: the newest replaces the oldest.
	copy(e.ok[:], e.ok[1:])
	e.ok[memoMaxSchemas-1] = n
}

// remembered is the verdict of n on a container the parser skipped: valid
// when the memo holds it for n; otherwise unknown, and the evaluation is
// marked unsure (its result is then discarded and the message read again
// in full).
func (p *fparser) remembered(v *jnode, n *fnode) bool {
	if v.memo.holds(n) {
		return true
	}
	p.unsure = true
	return false
}
