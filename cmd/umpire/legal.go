package main

import "context"

// cmdLegal runs "umpire legal". It is filled in by later work.
func cmdLegal(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire legal")
}
