// Package shard splits a run's seed list across machines.
//
// A shard is written "k/n": the k-th of n shards, 1-based, as on the
// command line (--shard 2/4). On a Kubernetes Indexed Job the index comes
// from JOB_COMPLETION_INDEX, which is 0-based; FromEnv converts it.
//
// Select partitions a list deterministically and round-robin by position:
// shard k of n takes the elements at indices k-1, k-1+n, k-1+2n, … . The
// union of the n shards is the whole list and every element lands in exactly
// one shard, whatever the list's length (a shard may be empty when n exceeds
// it). The partition depends only on positions, never on the values, a clock
// or a random source, so every machine computes the same split.
//
// The package is pure: standard library only, no I/O (FromEnv takes the
// lookup function).
package shard
