package main

import "context"

// cmdCertify runs "umpire certify". It is filled in by later work.
func cmdCertify(_ context.Context, e *env, _ []string) int {
	return notBuilt(e, "umpire certify")
}
