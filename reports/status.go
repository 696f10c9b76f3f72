package reports

import "fmt"

// Status is the verdict of one check. Statuses are ordered from least to
// most severe: Disabled < Skip < Pass < Fail < Error. Fail means the target
// (server, agent or log) departs from a rule; Error means umpire itself could
// not carry the check out. A skip is never a pass.
type Status int

// The statuses, in increasing severity.
const (
	// Disabled: the check was turned off by configuration or a filter.
	Disabled Status = iota
	// Skip: the check applied but could not be exercised (always with a reason).
	Skip
	// Pass: the check ran and found nothing wrong.
	Pass
	// Fail: the check ran and found a departure from a rule.
	Fail
	// Error: the check could not be carried out (harness or target unreachable).
	Error
)

var statusNames = [...]string{"disabled", "skip", "pass", "fail", "error"}

// Statuses lists every status in increasing severity.
func Statuses() []Status { return []Status{Disabled, Skip, Pass, Fail, Error} }

// String returns the lowercase name: "disabled", "skip", "pass", "fail" or "error".
func (s Status) String() string {
	if s < Disabled || s > Error {
		return fmt.Sprintf("status(%d)", int(s))
	}
	return statusNames[s]
}

// ParseStatus is the inverse of String.
func ParseStatus(text string) (Status, error) {
	for i, n := range statusNames {
		if n == text {
			return Status(i), nil
		}
	}
	return 0, fmt.Errorf("reports: unknown status %q (want disabled, skip, pass, fail or error)", text)
}

// MarshalText encodes the status by name.
func (s Status) MarshalText() ([]byte, error) {
	if s < Disabled || s > Error {
		return nil, fmt.Errorf("reports: cannot encode %v", s)
	}
	return []byte(s.String()), nil
}

// UnmarshalText decodes a status name.
func (s *Status) UnmarshalText(b []byte) error {
	v, err := ParseStatus(string(b))
	if err != nil {
		return err
	}
	*s = v
	return nil
}

// Worst returns the most severe of the statuses, or Disabled when none is
// given.
func Worst(statuses ...Status) Status {
	w := Disabled
	for _, s := range statuses {
		w = max(w, s)
	}
	return w
}
