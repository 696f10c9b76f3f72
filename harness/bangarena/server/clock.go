package server

import (
	"time"

	"github.com/umpire-arena/umpire/harness/server/serverkit"
)

// Clock is the server's source of time: the decision deadlines and pauses
// are measured with it, so tests can drive them with a FakeClock. Both
// embedded servers share it (package serverkit).
type Clock = serverkit.Clock

// Timer is a one-shot timer of a Clock.
type Timer = serverkit.Timer

// FakeClock is a Clock that moves only when Advance is called.
type FakeClock = serverkit.FakeClock

// SystemClock returns the wall clock.
func SystemClock() Clock { return serverkit.SystemClock() }

// NewFakeClock returns a FakeClock standing at start.
func NewFakeClock(start time.Time) *FakeClock { return serverkit.NewFakeClock(start) }
