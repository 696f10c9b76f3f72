package main

import "context"

// cmdServe runs "umpire serve". It is filled in by later work.
func cmdServe(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire serve")
}
