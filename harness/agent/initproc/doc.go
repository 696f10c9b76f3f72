// Package initproc is the init of an agent's PID namespace: umpire's own
// binary, started again with EnvKey=1 and Argv0 as its first argument, runs
// it from this package's initialisation instead of its main function.
//
// It is written against package syscall alone, so that it runs before the
// initialisation of nearly every other package of the binary (JSON
// schemas, the rules catalogue): an init costs a few milliseconds and a few
// MiB, not the whole program's start.
//
// The protocol, on descriptor 3 (a socket to umpire): umpire writes "go";
// the init starts its arguments (after Argv0) in a process group of their
// own with its standard streams, gives those up, and writes "started N"
// (N: the agent's pid in the namespace); umpire writes "ack" once it has
// found the agent's pid as it numbers it (the agent, even dead, is not
// reaped before); the init writes "exit S" (the raw wait status) when the
// agent ends, reaps every orphan of the namespace, and waits for umpire's
// SIGKILL, which ends every process of the namespace.
package initproc
