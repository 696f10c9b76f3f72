package agent

import (
	"os"
	"strconv"
)

// procGroupAlive reports whether a process other than a zombie is in the
// process group pgid, by reading /proc. ok is false when /proc cannot be read.
func procGroupAlive(pgid int) (alive, ok bool) {
	ents, err := os.ReadDir("/proc")
	if err != nil {
		return false, false
	}
	for _, e := range ents {
		if _, err := strconv.Atoi(e.Name()); err != nil {
			continue
		}
		b, err := os.ReadFile("/proc/" + e.Name() + "/stat")
		if err != nil {
			continue // gone meanwhile
		}
		state, _, pg, ok := parseStat(b)
		if ok && pg == pgid && state != 'Z' && state != 'X' {
			return true, true
		}
	}
	return false, true
}
