// Package lifetime is what both embedded servers need to let go of matches
// and rooms: a record of each one's last activity and end (Lifetime), the
// expiry of an idle one, and the reaper loop that sweeps them (Reap,
// SweepEvery). The servers keep their own bounds and what "ended" means.
package lifetime
