package inference

import (
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
)

// SeedCommit returns the commitment published at match start: the lowercase
// hex SHA-256 of the seed string's UTF-8 bytes.
func SeedCommit(seed string) string {
	sum := sha256.Sum256([]byte(seed))
	return hex.EncodeToString(sum[:])
}

// stream draws unbiased integers from SHA-256 blocks (I-INF-16). Block number k of the
// stream (label, seed, a, b) is
//
//	SHA-256( label ‖ 0x00 ‖ seed ‖ 0x00 ‖ be32(a) ‖ be32(b) ‖ be32(k) )
//
// read as eight big-endian 32-bit words, used in order; k starts at 0 and
// goes up when a block's words are used up. uniform(n) takes the next word w
// and accepts it when w < 2³² − (2³² mod n), returning w mod n; otherwise it
// rejects w and takes the next word. Rejection removes the modulo bias.
type stream struct {
	label string
	seed  string
	a, b  uint32
	k     uint32
	words [8]uint32
	next  int
}

func newStream(label, seed string, a, b int) stream {
	s := stream{label: label, seed: seed, a: uint32(a), b: uint32(b)}
	s.refill()
	return s
}

func (s *stream) refill() {
	var stack [192]byte
	n := len(s.label) + 1 + len(s.seed) + 1 + 12
	var buf []byte
	if n <= len(stack) {
		buf = stack[:0]
	} else {
		buf = make([]byte, 0, n)
	}
	buf = append(buf, s.label...)
	buf = append(buf, 0)
	buf = append(buf, s.seed...)
	buf = append(buf, 0)
	buf = binary.BigEndian.AppendUint32(buf, s.a)
	buf = binary.BigEndian.AppendUint32(buf, s.b)
	buf = binary.BigEndian.AppendUint32(buf, s.k)
	sum := sha256.Sum256(buf)
	for i := range s.words {
		s.words[i] = binary.BigEndian.Uint32(sum[4*i:])
	}
	s.next = 0
	s.k++
}

// uniform returns an integer in [0, n), n ≥ 1, without bias.
func (s *stream) uniform(n int) int {
	limit := (1 << 32) - (1<<32)%uint64(n)
	for {
		if s.next == len(s.words) {
			s.refill()
		}
		w := s.words[s.next]
		s.next++
		if uint64(w) < limit {
			return int(uint64(w) % uint64(n))
		}
	}
}

// DealValue returns the hidden value (1–100) dealt to seat in round from
// seed: 1 + uniform(100) drawn from the stream ("deal", seed, round, seat).
// See the stream description in deal.go; the verifier re-derives every deal
// of a full log with it.
func DealValue(seed string, round, seat int) int {
	s := newStream("deal", seed, round, seat)
	return ValueMin + s.uniform(ValueMax-ValueMin+1)
}

// SeatAssignment returns the seating of n players drawn from seed: element s
// is the index (in the order the players were given) of the player in seat
// s. It is a Fisher–Yates shuffle of 0…n−1 (for i from n−1 down to 1, swap i
// with uniform(i+1)) drawing from the stream ("seats", seed, n, 0).
func SeatAssignment(seed string, n int) []int {
	perm := make([]int, n)
	for i := range perm {
		perm[i] = i
	}
	s := newStream("seats", seed, n, 0)
	for i := n - 1; i >= 1; i-- {
		j := s.uniform(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	return perm
}

// FirstDealer returns round 1's dealer seat for a table of n seats: uniform(n)
// from the stream ("dealer", seed, n, 0).
func FirstDealer(seed string, n int) int {
	if n < 1 {
		return 0
	}
	s := newStream("dealer", seed, n, 0)
	return s.uniform(n)
}
