package server

import "github.com/umpire-arena/umpire/harness/server/serverkit"

// Clock is the time source of a Server: deadlines, the start timeout and
// the hello timeout run on it. Tests may supply their own. Both embedded
// servers share it (package serverkit).
type Clock = serverkit.Clock

// Timer is a one-shot timer of a Clock.
type Timer = serverkit.Timer

// RealClock is the wall clock (package time).
type RealClock = serverkit.RealClock
