package agent

import (
	"bytes"
	"strconv"
)

// parseStat reads the state, parent pid and process group from the text of
// /proc/PID/stat. The command name may hold spaces and parentheses, so the
// fields are counted from the last ')'.
func parseStat(b []byte) (state byte, ppid, pgrp int, ok bool) {
	i := bytes.LastIndexByte(b, ')')
	if i < 0 {
		return 0, 0, 0, false
	}
	f := bytes.Fields(b[i+1:])
	if len(f) < 3 || len(f[0]) != 1 {
		return 0, 0, 0, false
	}
	ppid, err1 := strconv.Atoi(string(f[1]))
	pgrp, err2 := strconv.Atoi(string(f[2]))
	if err1 != nil || err2 != nil {
		return 0, 0, 0, false
	}
	return f[0][0], ppid, pgrp, true
}
