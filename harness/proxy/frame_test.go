package proxy

import (
	"bytes"
	"encoding/binary"
	"testing"
)

// frameBytes builds one frame (RFC 6455 §5.2), masked with key when mask.
// rsv2 sets the second reserved bit of a frame's first byte.
func rsv2(frame []byte) []byte { frame[0] |= 0x20; return frame }

func frameBytes(fin bool, rsv1 bool, op byte, payload []byte, mask bool) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	if rsv1 {
		b0 |= 0x40
	}
	out := []byte{b0}
	mbit := byte(0)
	if mask {
		mbit = 0x80
	}
	switch n := len(payload); {
	case n < 126:
		out = append(out, mbit|byte(n))
	case n < 1<<16:
		out = append(out, mbit|126)
		out = binary.BigEndian.AppendUint16(out, uint16(n))
	default:
		out = append(out, mbit|127)
		out = binary.BigEndian.AppendUint64(out, uint64(n))
	}
	p := append([]byte(nil), payload...)
	if mask {
		key := [4]byte{1, 2, 3, 4}
		out = append(out, key[:]...)
		for i := range p {
			p[i] ^= key[i&3]
		}
	}
	return append(out, p...)
}

func TestFramer(t *testing.T) {
	big := bytes.Repeat([]byte("y"), 300)
	for _, tc := range []struct {
		name       string
		stream     []byte
		limit      int
		msgs       []string
		passed     int // bytes feed lets pass (-1: all)
		tooBig     bool
		unreadable bool
	}{
		{"text, masked", frameBytes(true, false, opText, []byte(`{"a":1}`), true), 1 << 10, []string{`{"a":1}`}, -1, false, false},
		{"16-bit length", frameBytes(true, false, opText, big, false), 1 << 10, []string{string(big)}, -1, false, false},
		{"fragments around a ping", append(append(frameBytes(false, false, opText, []byte("ab"), true), frameBytes(true, false, 0x9, []byte("p"), true)...),
			frameBytes(true, false, opContinuation, []byte("cd"), true)...), 1 << 10, []string{"abcd"}, -1, false, false},
		{"close", frameBytes(true, false, opClose, []byte{0x03, 0xe8}, false), 1 << 10, []string{"\x03\xe8"}, -1, false, false},
		{"over the limit", append(frameBytes(true, false, opText, []byte("ok"), false), frameBytes(true, false, opText, big, false)...), 100, []string{"ok"}, 4, true, false},
		{"fragments over the limit", append(frameBytes(false, false, opText, big[:60], false), frameBytes(true, false, opContinuation, big[:60], false)...), 100, nil, 62, true, false},
		{"compressed", append(frameBytes(true, false, opText, []byte("ok"), false), frameBytes(true, true, opText, []byte("zz"), false)...), 1 << 10, []string{"ok"}, -1, false, true},
		{"continuation first", frameBytes(true, false, opContinuation, []byte("x"), false), 1 << 10, nil, -1, false, true},
		{"reserved bit 2", append(frameBytes(true, false, opText, []byte("ok"), false), rsv2(frameBytes(true, false, opText, []byte("zz"), false))...), 1 << 10, []string{"ok"}, -1, false, true},
		{"control frame over a small limit", frameBytes(true, false, opClose, big[:65], false), 64, nil, 0, true, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// Byte by byte and all at once: the same messages.
			for _, step := range []int{1, len(tc.stream)} {
				var got []string
				unreadable := false
				f := framer{limit: tc.limit, emit: func(m wsMsg) {
					if m.unreadable {
						unreadable = true
						return
					}
					got = append(got, string(m.data))
				}}
				passed, held := 0, []byte(nil)
				for i := 0; i < len(tc.stream) && !f.tooBig; i += step {
					chunk := append(held, tc.stream[i:min(i+step, len(tc.stream))]...)
					k := f.feed(chunk)
					passed += k
					held = append([]byte(nil), chunk[k:]...)
				}
				want := tc.passed
				if want < 0 {
					want = len(tc.stream)
				}
				if passed != want || f.tooBig != tc.tooBig || unreadable != tc.unreadable || len(got) != len(tc.msgs) {
					t.Fatalf("step %d: passed %d (want %d), tooBig %v, unreadable %v, messages %q (want %q)", step, passed, want, f.tooBig, unreadable, got, tc.msgs)
				}
				for i := range got {
					if got[i] != tc.msgs[i] {
						t.Errorf("step %d: message %d %q, want %q", step, i, got[i], tc.msgs[i])
					}
				}
			}
		})
	}
}

// FuzzFramer: any bytes, cut anywhere, never panic the framer, never pass
// more than they hold, and never make a message over the limit.
func FuzzFramer(f *testing.F) {
	f.Add(frameBytes(true, false, opText, []byte(`{"type":"hello"}`), true), 3)
	f.Add(append(frameBytes(false, false, opBinary, []byte("ab"), false), frameBytes(true, false, opContinuation, []byte("cd"), false)...), 5)
	f.Add([]byte{0xff, 0xff, 0xff}, 1)
	f.Fuzz(func(t *testing.T, stream []byte, cut int) {
		const limit = 64
		fr := framer{limit: limit, emit: func(m wsMsg) {
			if len(m.data) > limit {
				t.Fatalf("a message of %d bytes (limit %d)", len(m.data), limit)
			}
		}}
		if cut < 0 {
			cut = -cut
		}
		cut %= len(stream) + 1
		passed := fr.feed(stream[:cut])
		if passed > cut {
			t.Fatalf("passed %d of %d bytes", passed, cut)
		}
		if fr.tooBig {
			return
		}
		rest := stream[passed:]
		if n := fr.feed(rest); n > len(rest) {
			t.Fatalf("passed %d of %d bytes", n, len(rest))
		}
	})
}
