package main

import "context"

// cmdSimulate runs "umpire simulate". It is filled in by later work.
func cmdSimulate(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire simulate")
}
