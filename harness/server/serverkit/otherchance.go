package serverkit

import "hash/fnv"

// OtherStream is the random stream of the embedded servers' other-chance
// dialect: a server whose randomness umpire's own generator does not share.
// It differs from umpire's in both algorithm and derivation — SplitMix64
// (not ChaCha8 or SHA-256 blocks) started from the 64-bit FNV-1a hash of
// "other-chance", the label and the seed (not the SHA-256 of the seed) —
// so that replaying a match from its revealed seed with umpire's generator
// gives other outcomes. A value copy continues independently (for a
// Clone).
type OtherStream struct{ s uint64 }

// NewOtherStream starts the stream named label of seed.
func NewOtherStream(label, seed string) OtherStream {
	h := fnv.New64a()
	h.Write([]byte("other-chance\x00" + label + "\x00" + seed))
	return OtherStream{s: h.Sum64()}
}

// Uint64 returns the next 64 random bits (SplitMix64).
func (o *OtherStream) Uint64() uint64 {
	o.s += 0x9e3779b97f4a7c15
	z := o.s
	z = (z ^ z>>30) * 0xbf58476d1ce4e5b9
	z = (z ^ z>>27) * 0x94d049bb133111eb
	return z ^ z>>31
}

// Uniform returns an integer of [0, n), n ≥ 1, without bias: it rejects the
// words at or above the largest multiple of n and reduces the rest modulo n.
func (o *OtherStream) Uniform(n int) int {
	limit := ^uint64(0) - ^uint64(0)%uint64(n)
	for {
		if w := o.Uint64(); w < limit {
			return int(w % uint64(n))
		}
	}
}

// Order returns a uniformly random order of 0…n−1, drawn as the "inside-out"
// shuffle: element i goes to a random place j ≤ i and the element there
// moves to i (another algorithm than math/rand's Fisher–Yates from the end).
func (o *OtherStream) Order(n int) []int {
	p := make([]int, n)
	for i := range p {
		j := o.Uniform(i + 1)
		p[i] = p[j]
		p[j] = i
	}
	return p
}
