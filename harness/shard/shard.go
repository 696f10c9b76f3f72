package shard

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// EnvIndex is the variable a Kubernetes Indexed Job sets to the pod's
// 0-based completion index.
const EnvIndex = "JOB_COMPLETION_INDEX"

// ErrShard is wrapped by every error of this package, so callers can map
// them to a usage error with errors.Is.
var ErrShard = errors.New("shard")

// Shard is the k-th of n parts of a run, 1-based. The zero value is not a
// valid shard; an unsharded run is Shard{K: 1, N: 1}.
type Shard struct {
	K int `json:"k"`
	N int `json:"n"`
}

// String renders the shard as "k/n".
func (s Shard) String() string { return strconv.Itoa(s.K) + "/" + strconv.Itoa(s.N) }

// Valid returns nil when 1 <= K <= N, else an error saying what is wrong.
func (s Shard) Valid() error {
	switch {
	case s.N < 1:
		return fmt.Errorf("%w: total %d must be at least 1", ErrShard, s.N)
	case s.K < 1:
		return fmt.Errorf("%w: index %d must be at least 1 (shards are numbered 1..%d)", ErrShard, s.K, s.N)
	case s.K > s.N:
		return fmt.Errorf("%w: index %d exceeds the total %d", ErrShard, s.K, s.N)
	}
	return nil
}

// Parse reads "k/n" (1-based k, 1 <= k <= n), as given to --shard.
func Parse(text string) (Shard, error) {
	ks, ns, ok := strings.Cut(strings.TrimSpace(text), "/")
	if !ok {
		return Shard{}, fmt.Errorf("%w: %q is not of the form k/n (e.g. 2/4)", ErrShard, text)
	}
	k, err := strconv.Atoi(strings.TrimSpace(ks))
	if err != nil {
		return Shard{}, fmt.Errorf("%w: index %q in %q is not a whole number", ErrShard, ks, text)
	}
	n, err := strconv.Atoi(strings.TrimSpace(ns))
	if err != nil {
		return Shard{}, fmt.Errorf("%w: total %q in %q is not a whole number", ErrShard, ns, text)
	}
	s := Shard{K: k, N: n}
	if err := s.Valid(); err != nil {
		return Shard{}, err
	}
	return s, nil
}

// FromEnv returns the shard of a Kubernetes Indexed Job pod: the 0-based
// JOB_COMPLETION_INDEX read through lookup (os.LookupEnv in a program) plus
// one, out of total. ok is false when the variable is not set, in which case
// the caller should fall back to --shard or to an unsharded run.
func FromEnv(lookup func(string) (string, bool), total int) (s Shard, ok bool, err error) {
	v, set := lookup(EnvIndex)
	if !set {
		return Shard{}, false, nil
	}
	i, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return Shard{}, true, fmt.Errorf("%w: %s=%q is not a whole number", ErrShard, EnvIndex, v)
	}
	if i < 0 {
		return Shard{}, true, fmt.Errorf("%w: %s=%d is negative (it is 0-based)", ErrShard, EnvIndex, i)
	}
	s = Shard{K: i + 1, N: total}
	if err := s.Valid(); err != nil {
		return Shard{}, true, fmt.Errorf("%s=%d with %d shards: %w", EnvIndex, i, total, err)
	}
	return s, true, nil
}

// Select returns the elements of list that belong to shard k of n: those at
// indices k-1, k-1+n, k-1+2n, … in their original order. It returns an error
// for an invalid k/n and a new slice (never aliasing list) otherwise.
func Select[T any](list []T, k, n int) ([]T, error) {
	if err := (Shard{K: k, N: n}).Valid(); err != nil {
		return nil, err
	}
	out := make([]T, 0, (len(list)+n-k)/n)
	for i := k - 1; i < len(list); i += n {
		out = append(out, list[i])
	}
	return out, nil
}

// Select returns the elements of list that belong to s; see the function
// Select.
func (s Shard) Select(list []string) ([]string, error) { return Select(list, s.K, s.N) }
