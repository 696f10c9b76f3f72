package main

import "context"

// cmdReplay runs "umpire replay". It is filled in by later work.
func cmdReplay(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire replay")
}
