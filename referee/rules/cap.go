package rules

import (
	"sort"
	"strconv"
)

// MaxKeptPerRule is how many findings of one rule a reader of untrusted
// input keeps, with their locations, for one input (umpire verify, umpire
// validate): the rest are counted, not kept, so that memory and output
// stay bounded whatever the input's length. The counts by level stay
// exact.
const MaxKeptPerRule = 1000

// maxCapKeys bounds the distinct keys a Cap tells apart; findings of
// further keys are counted under OtherKey.
const maxCapKeys = 4096

// OtherKey is the key a Cap counts findings under once it tells
// maxCapKeys keys apart.
const OtherKey = "(other rules)"

// Cap keeps the first Max findings of each key (a rule id, or what a
// reader groups by) and counts the rest. Its memory is bounded by the
// number of keys, itself bounded. The zero value is not ready: use NewCap.
type Cap struct {
	max    int
	counts map[string]*capCount
	last   string // the key of the last call, and its counts
	lastC  *capCount
}

// capCount is what a Cap knows of one key.
type capCount struct{ kept, dropped int }

// NewCap returns a Cap keeping max findings per key (MaxKeptPerRule when
// max <= 0).
func NewCap(max int) *Cap {
	if max <= 0 {
		max = MaxKeptPerRule
	}
	return &Cap{max: max, counts: map[string]*capCount{}}
}

// Keep reports whether the next finding of key is kept; when not, it is
// counted. A run of findings of one key costs no map lookup.
func (c *Cap) Keep(key string) bool {
	n := c.lastC
	if n == nil || key != c.last {
		var ok bool
		if n, ok = c.counts[key]; !ok {
			if len(c.counts) >= maxCapKeys {
				key = OtherKey
				n = c.counts[key]
			}
			if n == nil {
				n = &capCount{}
				c.counts[key] = n
			}
		}
		c.last, c.lastC = key, n
	}
	if n.kept < c.max {
		n.kept++
		return true
	}
	n.dropped++
	return false
}

// NotKept is the count of findings of one key that a Cap did not keep.
type NotKept struct {
	Key   string `json:"rule"`
	Count int    `json:"count"`
}

// NotKept returns the findings counted but not kept, by key in order; nil
// when every finding was kept.
func (c *Cap) NotKept() []NotKept {
	var out []NotKept
	for k, n := range c.counts {
		if n.dropped > 0 {
			out = append(out, NotKept{Key: k, Count: n.dropped})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Key < out[j].Key })
	return out
}

// Total returns the number of findings not kept.
func (c *Cap) Total() int {
	t := 0
	for _, n := range c.counts {
		t += n.dropped
	}
	return t
}

// String says what was not kept, for people: "… and 16,777,200 more
// findings of rule X, not kept".
func (n NotKept) String() string {
	s := "s"
	if n.Count == 1 {
		s = ""
	}
	return "… and " + Thousands(n.Count) + " more finding" + s + " of rule " + n.Key + ", not kept"
}

// Thousands renders n with commas between groups of three digits.
func Thousands(n int) string {
	s := strconv.Itoa(n)
	neg := ""
	if n < 0 {
		neg, s = "-", s[1:]
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return neg + s
}
