package main

import "context"

// cmdSelftest runs "umpire selftest". It is filled in by later work.
func cmdSelftest(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire selftest")
}
