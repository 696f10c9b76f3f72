package main

import "context"

// cmdReport runs "umpire report". It is filled in by later work.
func cmdReport(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire report")
}
