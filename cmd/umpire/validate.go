package main

import "context"

// cmdValidate runs "umpire validate". It is filled in by later work.
func cmdValidate(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire validate")
}
