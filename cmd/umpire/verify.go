package main

import "context"

// cmdVerify runs "umpire verify". It is filled in by later work.
func cmdVerify(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire verify")
}
