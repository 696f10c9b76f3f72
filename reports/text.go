package reports

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/umpire-arena/umpire/referee/rules"
)

// whereText renders a location on one line, e.g. "m.jsonl:42 round 5 turn 3 seat 1".
func whereText(w rules.Where) string {
	var parts []string
	if w.File != "" {
		if w.Line > 0 {
			parts = append(parts, fmt.Sprintf("%s:%d", w.File, w.Line))
		} else {
			parts = append(parts, w.File)
		}
	} else if w.Line > 0 {
		parts = append(parts, fmt.Sprintf("line %d", w.Line))
	}
	if w.Round > 0 {
		parts = append(parts, fmt.Sprintf("round %d", w.Round))
	}
	if w.Turn != nil {
		parts = append(parts, fmt.Sprintf("turn %d", *w.Turn))
	}
	if w.Seat != nil {
		parts = append(parts, fmt.Sprintf("seat %d", *w.Seat))
	}
	if w.Step != "" {
		parts = append(parts, w.Step)
	}
	if w.Pointer != "" {
		parts = append(parts, "at "+w.Pointer)
	}
	return strings.Join(parts, " ")
}

// Signed renders v with its sign and the given number of decimals, as
// "%+.*f" does, except that a value that rounds to zero reads "0" (or
// "0.00"), never "-0": an Elo of −0.3 or a difference of −0.001 is no
// loss.
func Signed(v float64, decimals int) string {
	s := strconv.FormatFloat(v, 'f', decimals, 64)
	if strings.Trim(s, "-0.") == "" {
		return strings.TrimPrefix(s, "-")
	}
	if v > 0 {
		return "+" + s
	}
	return s
}

// SignedInterval renders an estimate and its interval with Signed, e.g.
// "-70 [-189, +33]" (open and close are the brackets: "[" "]" or "(" ")",
// sep what stands between the bounds).
func SignedInterval(in Interval, decimals int, open, sep, close string) string {
	return Signed(in.Value, decimals) + " " + open + Signed(in.Lo, decimals) + sep + Signed(in.Hi, decimals) + close
}

// valueText renders an expected/got value as rules.ValueText does (strings
// as they are, JSON bytes as JSON, anything else as compact JSON), nil as
// "—" in tables.
func valueText(v any) string {
	if v == nil {
		return "—"
	}
	return rules.ValueText(v)
}

// DurationText rounds a duration for people: whole milliseconds under a
// second ("12ms"; "<1ms" for less than a millisecond, "0s" for none), at
// most two decimals of seconds under a minute ("4.62s", "37s"), whole
// seconds beyond
// ("2m5s"). Reports never show a duration to the nanosecond.
func DurationText(d time.Duration) string {
	switch {
	case d <= 0:
		return "0s"
	case d < time.Millisecond:
		return "<1ms"
	case d < time.Second:
		return d.Round(time.Millisecond).String()
	case d < time.Minute:
		t := strings.TrimRight(fmt.Sprintf("%.2f", d.Seconds()), "0")
		return strings.TrimSuffix(t, ".") + "s"
	}
	return d.Round(time.Second).String()
}

// latencyText renders one latency figure of l in milliseconds, or "—"
// when no latency was measured (a run that made no decision).
func latencyText(l Latency, d time.Duration) string {
	if l.Count == 0 {
		return "—"
	}
	return ms(d)
}

// intervalText renders an estimate and its interval, each scaled by
// scale, as "0.42 (0.31–0.55)", or "—" when nothing was measured (N 0: no
// match ended with a rank, say). The interval is clipped to contain the
// estimate, so a report never shows a bound on the wrong side of it.
func intervalText(in Interval, scale float64, verb, unit string) string {
	if in.N == 0 {
		return "—"
	}
	v, lo, hi := in.Value*scale, in.Lo*scale, in.Hi*scale
	lo, hi = min(lo, v), max(hi, v)
	return fmt.Sprintf(verb+unit+" ("+verb+"–"+verb+")", v, lo, hi)
}
