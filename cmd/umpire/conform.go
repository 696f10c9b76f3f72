package main

import "context"

// cmdConform runs "umpire conform". It is filled in by later work.
func cmdConform(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire conform")
}
